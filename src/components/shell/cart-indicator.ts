// The header's donation cart indicator (issue 23): the header is cached HTML, the same for every
// visitor, so the server renders the link hidden and this fills it in the browser from
// `donation_cart` (localStorage, src/stores/carts.ts) — the number of lines, and a link to the
// checkout of the last campaign added. Plain DOM and JSON: it runs on every page (shell-client),
// where nanostores and the cart's parsers would cost every landing page their bytes.
import { CARTS_CHANGED } from '#stores/cart-events.ts';

/** What the indicator shows: how many lines, and the campaign whose checkout it links (or none). */
export function cartSummary(raw: string | null): { count: number; campaign: string | null } {
  if (!raw) return { count: 0, campaign: null };
  try {
    const cart = JSON.parse(raw) as { lines?: unknown };
    const lines = Array.isArray(cart?.lines) ? (cart.lines as { publicId?: unknown }[]) : [];
    const last = lines.at(-1);
    const campaign = typeof last?.publicId === 'string' && /^[\w-]{1,100}$/.test(last.publicId) ? last.publicId : null;
    return { count: lines.length, campaign };
  } catch {
    return { count: 0, campaign: null };
  }
}

/** Shows or hides the header's indicator from what storage holds now. */
export function showCartIndicator(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-cart-indicator]');
  if (!link) return;
  let raw: string | null = null;
  try {
    raw = localStorage.getItem('donation_cart');
  } catch {
    // Storage blocked: no cart to show.
  }
  const { count, campaign } = cartSummary(raw);
  link.hidden = count === 0;
  const number = link.querySelector('[data-cart-count]');
  if (number) number.textContent = String(count);
  const template = link.dataset.href ?? '';
  link.href = campaign
    ? template.replace('__campaign__', encodeURIComponent(campaign))
    : (link.dataset.fallback ?? '/');
}

/** Fills the indicator whenever the cart changes (this tab's stores or another tab's). */
export function watchCartIndicator(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'donation_cart') showCartIndicator();
  });
  window.addEventListener(CARTS_CHANGED, showCartIndicator);
  window.addEventListener('pageshow', showCartIndicator);
}
