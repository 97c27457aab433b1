const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request refusal, for every mutation (forms, JSON, uploads alike): a POST/PUT/PATCH/
 * DELETE must carry an Origin (or, from older browsers, a Referer) naming this very host. A
 * missing header is refused too. Payment gateways' webhooks are exempt: they come from elsewhere
 * and are verified by their signature instead.
 *
 * The host is compared, not the scheme: behind a TLS-terminating proxy the server may see plain
 * http while the browser sent `Origin: https://…`. This replaces Astro's own `checkOrigin`, which
 * only looks at form posts and compares the scheme it cannot know behind a proxy.
 */
export function isRefusedCrossSite(input: { method: string; path: string; headers: Headers; host: string }): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (input.path.startsWith('/api/webhooks/')) return false;
  const source = input.headers.get('origin') ?? input.headers.get('referer');
  // A plain form posted from a secret-link page (Referrer-Policy: no-referrer, e.g. the invoice's
  // payment panel or the sandbox gateway without JavaScript) carries `Origin: null`: the browser's
  // own Fetch Metadata, which no page can set, then says whether it came from this very origin.
  if (source === 'null' && input.headers.get('sec-fetch-site') === 'same-origin') return false;
  if (!source || source === 'null') return true;
  try {
    return new URL(source).host.toLowerCase() !== input.host.toLowerCase();
  } catch {
    return true;
  }
}
