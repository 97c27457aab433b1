// apiCall for a request that carries an idempotency key, and may therefore be sent again: the
// payment start. A browser never repeats a POST whose connection was reset; under a rush that
// lost donors at "Pay". `apiCallRetrying` repeats the same request, with the same key, on no
// answer or a short 503/429 (retry-policy.ts), and tells the island before each repeat so it can
// say "busy, retrying". Kept apart from api-client.ts: only the pages that pay ship it.
import { type ApiCallOptions, type ApiResult, apiCall, type ResponseSchema } from './api-client';
import { IDEMPOTENT_POST_RETRY, type RetryPolicy, retryAfterSecondsOf, retryDelayMs } from './retry-policy';

export interface RetryingCallOptions extends ApiCallOptions {
  /** A JSON object: the key is added to it as `idempotencyKey`, the field the project's forms use. */
  body?: Record<string, unknown>;
  /** This attempt's key (one per click of Pay: `newIdempotencyKey()`), the same on every repeat. */
  idempotencyKey: string;
  /** Called before each repeat (2 = the second attempt): the island says "busy, retrying". */
  onRetrying?: (attempt: number) => void;
  /** How often and how soon to repeat; IDEMPOTENT_POST_RETRY by default. */
  retry?: RetryPolicy;
  /** Waits between attempts (tests); a timer by default. */
  wait?: (ms: number) => Promise<void>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** apiCall, repeated with the same idempotency key while the policy says so; never throws. */
export async function apiCallRetrying<T>(
  schema: ResponseSchema<T>,
  url: string,
  options: RetryingCallOptions,
): Promise<ApiResult<T>> {
  const { idempotencyKey, onRetrying, retry = IDEMPOTENT_POST_RETRY, wait = timer, ...call } = options;
  const send = options.fetch ?? fetch;
  let retryAfter: string | null = null;
  // The answer's Retry-After, which apiCall does not read: seen on the way through.
  const watching: typeof fetch = async (input, init) => {
    const response = await send(input, init);
    retryAfter = response.headers.get('Retry-After');
    return response;
  };
  for (let attempt = 1; ; attempt += 1) {
    retryAfter = null;
    const result = await apiCall(schema, url, {
      ...call,
      method: call.method ?? 'POST',
      body: { ...call.body, idempotencyKey },
      fetch: watching,
    });
    if (result.ok || call.signal?.aborted || offline()) return result;
    const delay = retryDelayMs(retry, attempt, {
      status: result.status,
      kind: result.kind,
      retryAfterSeconds: retryAfterSecondsOf(retryAfter),
    });
    if (delay === null) return result;
    onRetrying?.(attempt + 1);
    await wait(delay);
  }
}

/**
 * A new idempotency key: a UUID where the browser makes one (secure pages), else 32 random hex
 * characters (a page on a plain-http address has `getRandomValues` but no `randomUUID`).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
