import { splitLocalePrefix } from '#i18n/routing.ts';
import { routePolicy } from '#pipeline/route-policy.ts';

/**
 * Whether a page of ours may be shown inside the embed, from the one route table
 * (src/pipeline/route-policy.ts): an embed route, or a page framed when opened from one. Takes the
 * URL's path, locale prefix included.
 */
export function staysFramed(pathname: string, search: URLSearchParams = new URLSearchParams()): boolean {
  const path = splitLocalePrefix(pathname).path.replace(/\/+$/, '') || '/';
  return routePolicy(path, search).embeddable !== 'never';
}
