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
}

const RAW_BODY = (body: unknown) =>
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  body instanceof URLSearchParams;

/** The language of the page the call is made from (`<html lang>`), if any. */
function pageLocale(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement?.lang || undefined;
}

/** Calls one of our endpoints and checks its answer; never throws. */
export async function apiCall<T>(
  schema: ResponseSchema<T>,
  url: string,
  options: ApiCallOptions,
): Promise<ApiResult<T>> {
  const { method = 'GET', body, signal, cache, failed, offline } = options;
  const locale = options.locale ?? pageLocale();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (locale) headers['Accept-Language'] = locale;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (RAW_BODY(body)) payload = body as BodyInit;
    else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
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
    const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return { ok: false, status: 0, kind: 'network', message: (isOffline && offline) || failed };
  }

  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    // An HTML error page from a proxy, a cut-off answer.
    return { ok: false, status: response.status, kind: response.ok ? 'invalid' : 'http', message: failed };
  }

  if (!response.ok) {
    const refusal = refusalOf(parsed);
    if (!refusal) return { ok: false, status: response.status, kind: 'http', message: failed };
    const { error, reason, fields } = refusal;
    return {
      ok: false,
      status: response.status,
      kind: 'http',
      message: error || failed,
      ...(reason !== undefined ? { reason } : {}),
      ...(fields !== undefined ? { fields } : {}),
    };
  }

  const data = schema.safeParse(parsed);
  if (!data.success) return { ok: false, status: response.status, kind: 'invalid', message: failed };
  return { ok: true, status: response.status, data: data.data };
}
