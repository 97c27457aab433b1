/**
 * Which clicks and form submissions the view-transition router takes over (the rules of Astro's
 * `<ClientRouter />` script, kept here so the router itself can load on first use): same-origin
 * links and forms, plain left clicks, nothing marked `data-astro-reload`, `download` or another
 * target. Pure apart from reading the elements given.
 */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** A click meant for a new tab, window or download. */
export function leavesWindow(event: ClickLike): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey;
}

/** The link a click should navigate to through the router, or null (the browser handles it). */
export function routedLink(target: EventTarget | null, event: ClickLike, origin: string): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!(link instanceof HTMLAnchorElement) || !link.href) return null;
  if (link.dataset.astroReload !== undefined || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  if (leavesWindow(event) || event.defaultPrevented) return null;
  return new URL(link.href, origin).origin === origin ? link : null;
}
