import type { z } from 'zod';
import type { MessageKey, Translate } from '#i18n/t.ts';
import type { ApiErrorBody } from '#lib/api-client.ts';
import { HttpError, messageOf, statusOf } from '#lib/http-error.ts';
import { containsNul } from '#lib/input.ts';

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * 429 Too Many Requests: `{ error }` (already in the visitor's language, with any fields the
 * client reads) and when to try again.
 */
export function tooManyRequests(
  body: { error: string } & Record<string, unknown>,
  retryAfterSeconds: number,
  headers: Record<string, string> = {},
): Response {
  return json(body, { status: 429, headers: { ...headers, 'Retry-After': String(retryAfterSeconds) } });
}

/**
 * A stored file (a picture) whose URL carries its version (`?v=`): the versioned URL is cached
 * for a year, any other for 5 minutes.
 */
export function versionedFile(
  file: { bytes: Uint8Array; contentType: string; version: string },
  askedVersion: string | null,
  headers: Record<string, string> = {},
): Response {
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.length),
      'Cache-Control': askedVersion === file.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${file.version}"`,
      ...headers,
    },
  });
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
  return json({ error: first, fields } satisfies ApiErrorBody, { status: 400 });
}

/**
 * An error thrown by an endpoint, as JSON `{ error }` with the error's status (SPEC.md §2 for
 * callers that read JSON): an HttpError shows its own message; anything else says "An error
 * occured", since its message may carry internals.
 */
export function errorJson(error: unknown, t: Translate): Response {
  return json({ error: visibleMessage(error, t) } satisfies ApiErrorBody, { status: statusOf(error) });
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

/** UTF-8 that refuses what is not UTF-8, instead of replacing it with "�" (stored as such before). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/**
 * The body of a request as bytes, read from a clone: the request's own body stays unread, so a
 * page that has read its form can still `Astro.rewrite('/404')` (Astro copies the unread body into
 * the rewritten request; after a read it throws, and a missing record after a form post was a 500).
 * Null when the body cannot be read (already read elsewhere, or broken off).
 */
async function bodyBytes(request: Request): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await request.clone().arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * The JSON body of a request, or undefined when it is missing or not JSON (zod then refuses it).
 * Throws a 400 when it is not UTF-8 (`error.badEncoding`) or a string in it holds NUL, which
 * PostgreSQL refuses (`error.badInput`).
 */
export async function readJson(request: Request): Promise<unknown> {
  const bytes = await bodyBytes(request);
  if (!bytes || bytes.length === 0) return undefined;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'error.badEncoding');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (containsNul(body)) throw new HttpError(400, 'error.badInput');
  return body;
}

/** Why a field of a form was refused: its characters (NUL, or bytes that are not UTF-8). */
export type FieldProblem = 'field.badCharacters';

/** A form as the visitor sent it: every text field (NUL and undecodable bytes taken out), and the fields refused. */
export interface FormInput {
  values: Record<string, string>;
  /** Fields whose value held NUL or was not UTF-8, with the message key to show beside each. */
  invalid: Record<string, FieldProblem>;
  /** The form-level message when `invalid` is not empty: `error.badEncoding` or `error.badInput`. */
  problem: MessageKey | null;
}

/**
 * A form whose fields held characters no field may hold, thrown by `readForm`: a 400 with the form-level
 * message (the error page, for a page that does not show its form again), carrying the values the
 * visitor typed and the fields to mark, for a page that does (`formInputOf`).
 */
export class FormInputError extends HttpError {
  constructor(readonly input: FormInput) {
    super(400, input.problem ?? 'error.badInput');
    this.name = 'FormInputError';
  }
}

const PLUS = 0x2b;
const PERCENT = 0x25;

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** application/x-www-form-urlencoded's percent-decoding (WHATWG URL §5.1), to bytes: UTF-8 is checked after. */
function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === PLUS) out[n++] = 0x20;
    else if (byte === PERCENT && hexValue(bytes[i + 1]) >= 0 && hexValue(bytes[i + 2]) >= 0) {
      out[n++] = hexValue(bytes[i + 1]) * 16 + hexValue(bytes[i + 2]);
      i += 2;
    } else out[n++] = byte;
  }
  return out.subarray(0, n);
}

/** A field's text, and whether it had to be changed: NUL taken out, bytes that are not UTF-8 dropped. */
function fieldText(bytes: Uint8Array): { text: string; refused: boolean; encoding: boolean } {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return {
      text: lenientUtf8.decode(bytes).replaceAll('\uFFFD', '').replaceAll('\u0000', ''),
      refused: true,
      encoding: true,
    };
  }
  if (text.includes('\u0000')) return { text: text.replaceAll('\u0000', ''), refused: true, encoding: false };
  return { text, refused: false, encoding: false };
}

function urlEncodedInput(bytes: Uint8Array): FormInput {
  const input: FormInput = { values: {}, invalid: {}, problem: null };
  let encoding = false;
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26, start);
    if (end === -1) end = bytes.length;
    const pair = bytes.subarray(start, end);
    start = end + 1;
    if (pair.length === 0) continue;
    const equals = pair.indexOf(0x3d);
    const name = fieldText(percentDecode(equals === -1 ? pair : pair.subarray(0, equals)));
    const value = fieldText(percentDecode(equals === -1 ? new Uint8Array() : pair.subarray(equals + 1)));
    // A name is ours, never typed: a garbled one fails the whole form.
    if (name.refused) {
      input.problem = name.encoding ? 'error.badEncoding' : 'error.badInput';
      continue;
    }
    input.values[name.text] = value.text;
    if (value.refused) input.invalid[name.text] = 'field.badCharacters';
    else delete input.invalid[name.text];
    encoding ||= value.encoding;
  }
  if (Object.keys(input.invalid).length > 0) input.problem ??= encoding ? 'error.badEncoding' : 'error.badInput';
  return input;
}

function contentTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Multipart text fields as `readForm` keeps them (the multipart parser has replaced bytes that are not UTF-8 with "�"). */
function multipartInput(form: FormData): { input: FormInput; files: [string, File][] } {
  const input: FormInput = { values: {}, invalid: {}, problem: null };
  const files: [string, File][] = [];
  let encoding = false;
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') {
      files.push([key, value]);
      continue;
    }
    if (key.includes('\u0000') || key.includes('\uFFFD')) {
      input.problem = key.includes('\uFFFD') ? 'error.badEncoding' : 'error.badInput';
      continue;
    }
    input.values[key] = value.replaceAll('\u0000', '').replaceAll('\uFFFD', '');
    if (value.includes('\uFFFD')) encoding = true;
    if (value.includes('\u0000') || value.includes('\uFFFD')) input.invalid[key] = 'field.badCharacters';
  }
  if (Object.keys(input.invalid).length > 0) input.problem ??= encoding ? 'error.badEncoding' : 'error.badInput';
  return { input, files };
}

/** A form whose problem is no field's (a garbled field name: ours, never typed) cannot be shown again: a 400. */
function withFieldsToMark(input: FormInput): FormInput {
  if (input.problem && Object.keys(input.invalid).length === 0) throw new FormInputError(input);
  return input;
}

/**
 * A form post as the visitor sent it, never throwing for its characters: the text fields (NUL
 * and bytes that are not UTF-8 taken out, so the form can be shown again as typed) and the
 * fields refused for them. A body that is not a form (wrong content type, empty, garbled) is a
 * 400 (`error.badForm`), a garbled field name a `FormInputError`. Read from a clone: the page may still rewrite (to its 404).
 */
export async function readFormInput(request: Request): Promise<FormInput> {
  const type = contentTypeOf(request);
  if (type === 'application/x-www-form-urlencoded') {
    const bytes = await bodyBytes(request);
    if (!bytes) throw new HttpError(400, 'error.badForm');
    return withFieldsToMark(urlEncodedInput(bytes));
  }
  if (type === 'multipart/form-data') {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    if (!form) throw new HttpError(400, 'error.badForm');
    return withFieldsToMark(multipartInput(form).input);
  }
  throw new HttpError(400, 'error.badForm');
}

/**
 * A form post as a plain object of its text fields. A body that is not a form (wrong content
 * type, empty, garbled) is a 400 (`error.badForm`), never an empty form a handler could mistake
 * for "every field cleared". A field holding NUL or bytes that are not UTF-8 is a `FormInputError`
 * (400, `error.badInput`/`error.badEncoding`): nothing reaches the database, and a page that shows
 * its form again catches it with `formInputOf` to mark the fields, with the visitor's values.
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const input = await readFormInput(request);
  if (input.problem) throw new FormInputError(input);
  return input.values;
}

/** The form a `FormInputError` carries, or null for any other error (rethrow it). */
export function formInputOf(error: unknown): FormInput | null {
  return error instanceof FormInputError ? error.input : null;
}

/** The refused fields' messages in the visitor's language, to merge into a form's own field errors. */
export function fieldProblems(input: FormInput, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(input.invalid).map(([name, key]) => [name, t(key)]));
}

/**
 * A multipart form post (a form with a file): its text fields as `readForm` reads them, and its
 * files' bytes by field name (empty file inputs left out). A body over `maxBytes` (by its
 * Content-Length, which browsers always send for a form) is a 413 (`error.tooLarge`); one that is
 * not a form a 400 (`error.badForm`); a text field holding NUL or text that is not UTF-8 a 400.
 */
export async function readMultipartForm(
  request: Request,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; files: Record<string, Uint8Array> }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(declared) || declared > maxBytes) throw new HttpError(413, 'error.tooLarge');
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) throw new HttpError(400, 'error.badForm');
  const { input, files: parts } = multipartInput(form);
  if (input.problem) throw new FormInputError(input);
  const files: Record<string, Uint8Array> = {};
  for (const [key, value] of parts) if (value.size > 0) files[key] = new Uint8Array(await value.arrayBuffer());
  return { fields: input.values, files };
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
