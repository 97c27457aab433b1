// Links inside an embedded view (docs/decisions/0015-embeds-platform.md). Browser-safe, no
// imports: islands use keepEmbed; the embed layout's script uses embedLink with the route
// table's rule (embed-routes.ts) of which pages may stay in the frame.

/**
 * `url` marked as shown in the embed (`embed=1`, plus the parent's `origin` when `current` knows
 * it) — always for a page rendered in the embed (`inEmbed`), else when `current` is marked.
 */
function carryEmbedParams(url: URL, current: URL, inEmbed = false): URL {
  if (!inEmbed && current.searchParams.get('embed') !== '1') return url;
  url.searchParams.set('embed', '1');
  const origin = current.searchParams.get('origin');
  if (origin) url.searchParams.set('origin', origin);
  return url;
}

/**
 * Where a link followed on a page rendered in the embed goes: a page of ours that may be framed
 * (`staysFramed`, from the route table) stays in the frame and keeps the embed marks; any other
 * page (ours, which refuses framing, or another site's) opens in a new tab. Null for what needs
 * no change (`tel:`, `mailto:`, in-page anchors).
 */
export function embedLink(
  href: string,
  currentHref: string,
  staysFramed: (pathname: string, search: URLSearchParams) => boolean,
): { href: string; newTab: boolean } | null {
  let url: URL;
  let current: URL;
  try {
    current = new URL(currentHref);
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === current.origin && url.pathname === current.pathname && url.hash) return null;
  if (url.origin !== current.origin || !staysFramed(url.pathname, url.searchParams)) {
    return { href: url.href, newTab: true };
  }
  return { href: carryEmbedParams(url, current, true).href, newTab: false };
}

/** A same-origin path an island navigates to, with the embed marks of the current page kept. */
export function keepEmbed(path: string, currentHref: string): string {
  const current = new URL(currentHref);
  const url = carryEmbedParams(new URL(path, current), current);
  return url.origin === current.origin ? url.pathname + url.search + url.hash : url.href;
}
