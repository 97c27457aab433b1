/**
 * The window event sent when this tab changes a cart (setting or removing it): the header's cart
 * indicator listens (src/components/shell/cart-indicator.ts) without loading the stores themselves.
 * Another tab's changes arrive as `storage` events.
 */
export const CARTS_CHANGED = 'serambi:carts';

export function announceCartsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CARTS_CHANGED));
}
