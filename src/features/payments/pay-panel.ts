// The payment panel's plain-form round trip (issue 23): where a refused form post sends the payer
// back, and what the panel then reads from its address. Pure: the form endpoint and the panel share it.

/**
 * Why a payment could not start. `needs_script`: Stripe's card form cannot run without JavaScript;
 * `key_reused`: an idempotency key sent again with another invoice or choice (no panel of ours does).
 */
export type PayError = 'not_payable' | 'method_unavailable' | 'rate_limited' | 'needs_script' | 'key_reused';
export const PAY_ERRORS: readonly PayError[] = [
  'not_payable',
  'method_unavailable',
  'rate_limited',
  'needs_script',
  'key_reused',
];

/** The message key the panel shows for each refusal. */
export const PAY_ERROR_KEYS = {
  not_payable: 'invoice.notPayable',
  method_unavailable: 'invoice.methodUnavailable',
  rate_limited: 'invoice.rateLimited',
  needs_script: 'invoice.needsScript',
  key_reused: 'error.request',
} as const satisfies Record<PayError, string>;

/** Query parameters the round trip adds to the panel's page (and removes from its own `back`). */
const PARAMS = ['payError', 'minutes'] as const;

/** A path on this site only: `back` comes from a form, and must never send the payer elsewhere. */
function ownPath(back: string | undefined): string | null {
  if (!back?.startsWith('/') || back.startsWith('//')) return null;
  // Control characters (which URL parsing drops) and backslashes (which it reads as slashes).
  if (back.includes('\\') || [...back].some((c) => c.charCodeAt(0) < 32)) return null;
  return back;
}

/**
 * Where a refused form post returns: the panel's page (`back`, when it is a path on this site;
 * else `fallback`, the invoice page) with `?payError=` (and `minutes` for a rate limit).
 */
export function payPanelReturn(back: string | undefined, fallback: string, error: PayError, minutes?: number): string {
  const url = new URL(ownPath(back) ?? fallback, 'http://panel.invalid');
  for (const name of PARAMS) url.searchParams.delete(name);
  url.searchParams.set('payError', error);
  if (minutes !== undefined) url.searchParams.set('minutes', String(minutes));
  return `${url.pathname}${url.search}`;
}

/** The panel's own address to come back to: its page without a previous refusal's parameters. */
export function panelBack(path: string, search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  for (const name of PARAMS) kept.delete(name);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** The refusal a page was sent back with, if any (anything unknown is ignored). */
export function payErrorOf(search: URLSearchParams): { error: PayError; minutes: number } | null {
  const error = search.get('payError');
  if (!error || !(PAY_ERRORS as readonly string[]).includes(error)) return null;
  const minutes = Number.parseInt(search.get('minutes') ?? '', 10);
  return { error: error as PayError, minutes: Number.isFinite(minutes) && minutes > 0 && minutes < 1000 ? minutes : 1 };
}
