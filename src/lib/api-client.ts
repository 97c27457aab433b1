// One way for islands to call our endpoints: `apiCall(schema, url, options)` sends the request
// (JSON unless the body is a file), reads the answer and checks it against the response schema
// the endpoint itself is typed with (the feature's *-api.schema.ts, written with zod/mini, which
// islands can afford: ~5 KB gzip where zod's full build is ~25), and says how it went as a
// discriminated result, so an island never reads an unchecked `data.whatever`:
//   { ok: true, status, data }                                 2xx whose body fits the schema
//   { ok: false, status, kind, message, reason?, fields? }     anything else
// `kind` says what went wrong: 'http' (4xx/5xx: `message` is the endpoint's own `{ error }`, in the
// visitor's language), 'network' (no answer, offline, aborted: status 0), 'invalid' (an answer
// that is not JSON or does not fit the schema). Imports nothing of ours (src/lib), not even zod:
// any schema with zod's `safeParse` will do.
// A call given an `idempotencyKey` is safe to send again, and is: on no answer or a short
// 503/429, by the policy of retry-policy.ts, with the same key (the island shows "busy, retrying").
import {
  type AttemptOutcome,
  IDEMPOTENT_POST_RETRY,
  type RetryPolicy,
  retryAfterSecondsOf,
  retryDelayMs,
} from './retry-policy';

/** What apiCall needs of a schema: zod's and zod/mini's `safeParse`. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** The answer of an endpoint that answers 204 (no body). */
export const NO_CONTENT: ResponseSchema<undefined> = {
  safeParse: (data) => (data === undefined ? { success: true, data } : { success: false }),
};

/** The body of every refusal our endpoints send (`json({ error })`, `badRequest()`, `errorJson()`). */
export interface ApiErrorBody {
  error: string;
  /** A machine-readable cause where the island acts on it (`slot_taken`, `too_late`, …). */
  reason?: string;
  /** Field name → message, for bad input (`badRequest()`). */
  fields?: Record<string, string>;
}

/** The refusal in a body, when it has the shape of one. */
function refusalOf(body: unknown): ApiErrorBody | null {
  if (!body || typeof body !== 'object') return null;
  const { error, reason, fields } = body as Record<string, unknown>;
  if (typeof error !== 'string') return null;
  const texts =
    fields && typeof fields === 'object'
      ? Object.fromEntries(
          Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : undefined;
  return {
    error,
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(texts ? { fields: texts } : {}),
  };
}

export type ApiFailure = {
  ok: false;
  /** The HTTP status; 0 when no answer came. */
  status: number;
  kind: 'http' | 'network' | 'invalid';
  /** What to show the visitor. */
  message: string;
  reason?: string;
  fields?: Record<string, string>;
  /** The answer's Retry-After, in seconds, when it had one (a 429 or 503). */
  retryAfterSeconds?: number;
};

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except a Blob/File, FormData or URLSearchParams, which go as they are. */
  body?: unknown;
  /**
   * The visitor's language (sent as Accept-Language), so answers and refusals come back in it.
   * By default the language of the page the island is on (`<html lang>`): an island never gets
   * the browser's language instead of the page's (issue 23).
   */
  locale?: string;
  signal?: AbortSignal;
  cache?: RequestCache;
  /** Shown when the call failed without a message of its own ("Unable to complete your request…"). */
  failed: string;
  /** Shown instead of `failed` when the browser is offline (no answer and navigator.onLine false). */
  offline?: string;
  /** The fetch to use (tests); the browser's by default. */
  fetch?: typeof fetch;
  /**
   * This attempt's idempotency key (one per click of Pay: `crypto.randomUUID()`), added to a JSON
   * body as `idempotencyKey` — the field the project's forms carry theirs in — or sent as an
   * `Idempotency-Key` header with any other body. It makes the request safe to repeat, so apiCall
   * repeats it, with the same key, on no answer or a short 503/429 (`retry`).
   */
  idempotencyKey?: string;
  /** Called before each repeat (2 = the second attempt): the island says "busy, retrying". */
  onRetrying?: (attempt: number) => void;
  /** How often and how soon to repeat a keyed request; IDEMPOTENT_POST_RETRY by default. */
  retry?: RetryPolicy;
  /** Waits between attempts (tests); a timer by default. */
  wait?: (ms: number) => Promise<void>;
}

const RAW_BODY = (body: unknown) =>
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  body instanceof URLSearchParams;

/** The language of the page the call is made from (`<html lang>`), if any. */
function pageLocale(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement?.lang || undefined;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls one of our endpoints and checks its answer; never throws. */
export async function apiCall<T>(
  schema: ResponseSchema<T>,
  url: string,
  options: ApiCallOptions,
): Promise<ApiResult<T>> {
  const { idempotencyKey, signal } = options;
  if (idempotencyKey === undefined) return attempt(schema, url, options);
  const policy = options.retry ?? IDEMPOTENT_POST_RETRY;
  const wait = options.wait ?? timer;
  for (let number = 1; ; number += 1) {
    const result = await attempt(schema, url, options);
    if (result.ok || signal?.aborted || isOffline()) return result;
    const delay = retryDelayMs(policy, number, result satisfies AttemptOutcome);
    if (delay === null) return result;
    options.onRetrying?.(number + 1);
    await wait(delay);
  }
}

/** One request and its answer, checked. */
async function attempt<T>(schema: ResponseSchema<T>, url: string, options: ApiCallOptions): Promise<ApiResult<T>> {
  const { method = 'GET', body, signal, cache, failed, offline, idempotencyKey } = options;
  const locale = options.locale ?? pageLocale();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (locale) headers['Accept-Language'] = locale;
  let payload: BodyInit | undefined;
  if (body !== undefined && RAW_BODY(body)) {
    payload = body as BodyInit;
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  } else if (body !== undefined || idempotencyKey !== undefined) {
    headers['Content-Type'] = 'application/json';
    const keyed = idempotencyKey !== undefined && (body === undefined || (typeof body === 'object' && body !== null));
    payload = JSON.stringify(keyed ? { ...(body as object | undefined), idempotencyKey } : body);
  }

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
      ...(signal ? { signal } : {}),
      ...(cache ? { cache } : {}),
    });
  } catch {
    return { ok: false, status: 0, kind: 'network', message: (isOffline() && offline) || failed };
  }
  const retryAfterSeconds = response.ok ? undefined : retryAfterSecondsOf(response.headers.get('Retry-After'));
  const waitHint = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };

  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    // An HTML error page from a proxy, a cut-off answer.
    return { ok: false, status: response.status, kind: response.ok ? 'invalid' : 'http', message: failed, ...waitHint };
  }

  if (!response.ok) {
    const refusal = refusalOf(parsed);
    if (!refusal) return { ok: false, status: response.status, kind: 'http', message: failed, ...waitHint };
    const { error, reason, fields } = refusal;
    return {
      ok: false,
      status: response.status,
      kind: 'http',
      message: error || failed,
      ...(reason !== undefined ? { reason } : {}),
      ...(fields !== undefined ? { fields } : {}),
      ...waitHint,
    };
  }

  const data = schema.safeParse(parsed);
  if (!data.success) return { ok: false, status: response.status, kind: 'invalid', message: failed };
  return { ok: true, status: response.status, data: data.data };
}

/**
 * A new idempotency key: a UUID where the browser makes one (secure pages), else 32 random hex
 * characters (a page on a plain-http address has `getRandomValues` but no `randomUUID`).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
