import type { z } from 'zod';
import type { MessageKey, Translate } from '../i18n/t';
import { HttpError, messageOf, statusOf } from '../lib/http-error';
import { containsNul } from '../lib/input';

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * A zod failure as a 400 in the visitor's language: `{ error, fields: { name: message } }`.
 * Schema messages are message keys; anything else falls back to "This field is required".
 */
export function badRequest(error: z.ZodError, t: Translate): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || '_';
    fields[name] ??= isMessageKey(issue.message, t) ? t(issue.message) : t('field.required');
  }
  const first = Object.values(fields)[0] ?? t('error.request');
  return json({ error: first, fields }, { status: 400 });
}

/**
 * An error thrown by an endpoint, as JSON `{ error }` with the error's status (SPEC.md §2 for
 * callers that read JSON): an HttpError shows its own message; anything else says "An error
 * occured", since its message may carry internals.
 */
export function errorJson(error: unknown, t: Translate): Response {
  return json({ error: visibleMessage(error, t) }, { status: statusOf(error) });
}

/**
 * What the visitor reads for a thrown error: an HttpError's message, translated when it is a
 * message key (input refused by the shared readers below); anything else "An error occured".
 */
export function visibleMessage(error: unknown, t: Translate): string {
  const message = error instanceof HttpError ? messageOf(error) : null;
  if (!message) return t('error.generic');
  return isMessageKey(message, t) ? t(message) : message;
}

function isMessageKey(message: string, t: Translate): message is MessageKey {
  return t(message as MessageKey) !== message;
}

/**
 * The JSON body of a request, or undefined when it is missing or not JSON (zod then refuses it).
 * Throws a 400 (`error.badInput`) when a string in it holds NUL, which PostgreSQL refuses.
 */
export async function readJson(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return undefined;
  }
  if (containsNul(body)) throw new HttpError(400, 'error.badInput');
  return body;
}

/**
 * A form post as a plain object of its text fields. A body that is not a form (wrong content
 * type, empty, garbled) is a 400 (`error.badForm`), never an empty form a handler could mistake
 * for "every field cleared"; a field holding NUL is a 400 (`error.badInput`).
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => null);
  if (!form) throw new HttpError(400, 'error.badForm');
  const fields: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
  });
  if (containsNul(fields)) throw new HttpError(400, 'error.badInput');
  return fields;
}

/**
 * A multipart form post (a form with a file): its text fields as `readForm` reads them, and its
 * files' bytes by field name (empty file inputs left out). A body over `maxBytes` (by its
 * Content-Length, which browsers always send for a form) is a 413 (`error.tooLarge`); one that is
 * not a form a 400 (`error.badForm`); a text field holding NUL a 400 (`error.badInput`).
 */
export async function readMultipartForm(
  request: Request,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; files: Record<string, Uint8Array> }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(declared) || declared > maxBytes) throw new HttpError(413, 'error.tooLarge');
  const form = await request.formData().catch(() => null);
  if (!form) throw new HttpError(400, 'error.badForm');
  const fields: Record<string, string> = {};
  const files: Record<string, Uint8Array> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (value.size > 0) files[key] = new Uint8Array(await value.arrayBuffer());
  }
  if (containsNul(fields)) throw new HttpError(400, 'error.badInput');
  return { fields, files };
}

/**
 * The raw body of a request, read only up to `maxBytes`: null when it is larger (whatever its
 * Content-Length claims), so an oversized upload is refused without being held in memory.
 */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes || !request.body) return declared > maxBytes ? null : new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
