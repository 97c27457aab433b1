import { ensureDeviceId } from '#stores/device.ts';
import { captureLead } from '#stores/lead.ts';
import { $notice, clearNotice, type Notice } from '#stores/notice.ts';
import { initTheme } from '#stores/theme.ts';
import { showCartIndicator, watchCartIndicator } from './cart-indicator';
import { isChunkLoadError, reloadOnce } from './chunk-reload';
import { leavesWindow, routedLink } from './link-intent';
import {
  canPrefetch,
  isPrefetchable,
  linksToPrefetch,
  MAX_PREFETCHES_PER_PAGE,
  PREFETCH_IDLE_TIMEOUT_MS,
} from './prefetch-policy';

// Browser side of the page shell, on every page: visitor state, the notification banner, the
// chunk-reload guard, idle prefetch. The navigating half (the view-transition router, loading bar,
// pixel views after a swap: shell-navigation.ts) loads when the visitor first reaches for a link
// or a form, or at once where islands may navigate: a landing page read and left ships none of it
// (docs/decisions/0018-page-cache.md). The elements it drives persist across view transitions.

// --- Visitor state ---------------------------------------------------------------------------
// This module runs once per document, on the page the visitor landed on: later view-transition
// navigations keep it. So the lead is the landing URL's campaign parameters (and captureLead
// keeps the first capture for the whole session, even across full loads), and the device id
// exists from start-up.
ensureDeviceId();
captureLead(location.href);
initTheme();

// --- The router, on first use --------------------------------------------------------------
type Navigation = typeof import('./shell-navigation');
let navigation: Promise<Navigation> | undefined;
const loadNavigation = () => {
  navigation ??= import('./shell-navigation');
  return navigation;
};
// Islands may navigate (the slot picker, the booking form): their pages get the router at once.
if (document.querySelector('astro-island')) void loadNavigation();
// A hand on a link or a form: fetch the router while the click is still coming.
for (const intent of ['pointerdown', 'touchstart', 'focusin', 'mouseover'] as const) {
  document.addEventListener(
    intent,
    (event) => {
      if (event.target instanceof Element && event.target.closest('a[href], form')) void loadNavigation();
    },
    { passive: true, capture: true },
  );
}

let lastLeavingClick: EventTarget | null = null;
document.addEventListener('click', (event) => {
  lastLeavingClick = leavesWindow(event) ? event.target : null;
  const link = routedLink(event.composed ? (event.composedPath()[0] ?? null) : event.target, event, location.origin);
  if (!link) return;
  event.preventDefault();
  const href = link.href;
  const history = link.dataset.astroHistory === 'replace' ? 'replace' : 'auto';
  loadNavigation().then(
    ({ navigate }) => navigate(href, { history, sourceElement: link }),
    () => location.assign(href),
  );
});

document.addEventListener('submit', (event) => {
  const form = event.target;
  const submitter = event.submitter;
  const withKeys = submitter !== null && submitter === lastLeavingClick;
  lastLeavingClick = null;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.dataset.astroReload !== undefined) return;
  if (withKeys) return;
  // As the ClientRouter reads them: `form.action` is the page's own URL, query included, when the
  // form names none (and an <input name="action"> shadows the property: then the attribute).
  const formAction = typeof form.action === 'string' ? form.action : form.getAttribute('action');
  const formMethod = typeof form.method === 'string' ? form.method : form.getAttribute('method');
  const method = (submitter?.getAttribute('formmethod') ?? formMethod ?? 'get').toLowerCase();
  let action = submitter?.getAttribute('formaction') ?? formAction ?? location.pathname;
  action = new URL(action, location.href).href;
  if (method === 'dialog' || new URL(action).origin !== location.origin) return;
  const formData = new FormData(form, submitter);
  event.preventDefault();
  const options: { sourceElement: Element; formData?: FormData } = { sourceElement: submitter ?? form };
  if (method === 'get') {
    const url = new URL(action);
    url.search = new URLSearchParams(formData as unknown as Record<string, string>).toString();
    action = url.href;
  } else {
    options.formData = formData;
  }
  loadNavigation().then(
    ({ navigate }) => navigate(action, options),
    () => form.submit(),
  );
});

// --- Notification banner -------------------------------------------------------------------
const noticeClasses: Record<Notice['type'], string> = {
  success: 'bg-success text-white',
  error: 'bg-danger text-white',
  info: 'bg-info text-white',
  warning: 'bg-warning text-white',
  other: 'text-white',
};

function renderNotice(notice: Notice | null) {
  const banner = document.getElementById('notice');
  const text = document.getElementById('notice-text');
  if (!banner || !text) return;
  banner.hidden = !notice;
  if (!notice) return;
  banner.className = `sticky top-0 z-40 flex items-start gap-3 px-4 py-3 text-sm shadow ${noticeClasses[notice.type]}`;
  banner.dataset.type = notice.type;
  banner.style.backgroundColor = notice.type === 'other' ? (notice.color ?? '#374151') : '';
  text.textContent = notice.text;
}
$notice.subscribe(renderNotice);
document.addEventListener('click', (event) => {
  if ((event.target as Element | null)?.closest('#notice-dismiss')) clearNotice();
});
// A notice the server put on the page (e.g. after a redirect) shows through the same store.
function seedNotice() {
  const seed = document.querySelector<HTMLScriptElement>('script[type="application/json"]#initial-notice');
  if (seed?.textContent) $notice.set(JSON.parse(seed.textContent) as Notice);
  renderNotice($notice.get());
}

// --- Failed lazy chunk: reload once per 60 s ---------------------------------------------
function onChunkError(reason: unknown) {
  if (isChunkLoadError(reason)) reloadOnce(sessionStorage, () => location.reload());
}
window.addEventListener('vite:preloadError', (event) => onChunkError((event as Event & { payload?: unknown }).payload));
window.addEventListener('unhandledrejection', (event) => {
  // A failed navigation is already shown by the loading bar (the router does not catch it).
  if ((event.reason as Error | null)?.name === 'NavigationFailed') event.preventDefault();
  else onChunkError(event.reason);
});

// --- Prefetch, when idle, a few visible links to cached public pages; never on 2g or data saver
const prefetched = new Set<string>();
function prefetchPage(href: string) {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  document.head.append(link);
}
function prefetchVisibleLinks() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  if (!canPrefetch(connection) || !('IntersectionObserver' in window)) return;
  const page = location.href;
  const done = new Set<string>();
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((link) =>
    isPrefetchable(link.href, page),
  );
  if (links.length === 0) return;
  const observer = new IntersectionObserver((entries) => {
    // The visitor moved on: this page's observer is done.
    if (location.href !== page) return observer.disconnect();
    const visible = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLAnchorElement);
    for (const link of visible) observer.unobserve(link);
    for (const href of linksToPrefetch(
      visible.map((link) => link.href),
      page,
      done,
    )) {
      done.add(href);
      // Each page once per document (the browser keeps it for the navigation).
      if (prefetched.has(href)) continue;
      prefetched.add(href);
      prefetchPage(href);
    }
    if (done.size >= MAX_PREFETCHES_PER_PAGE) observer.disconnect();
  });
  for (const link of links) observer.observe(link);
  document.addEventListener('astro:before-swap', () => observer.disconnect(), { once: true });
}

// --- Each page: the one landed on, and each one swapped in after ------------------------------
// (Astro's `astro:page-load` comes from the router, which the first page may not have loaded.)
function onPage() {
  seedNotice();
  showCartIndicator();
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  const prefetchWhenIdle = () => idle(prefetchVisibleLinks, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  // Not before the window's `load` (issue 25): the next pages must not compete with this one's
  // own picture (its largest paint) on a slow link.
  if (document.readyState === 'complete') prefetchWhenIdle();
  else window.addEventListener('load', prefetchWhenIdle, { once: true });
}
watchCartIndicator();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onPage, { once: true });
else onPage();
document.addEventListener('astro:after-swap', onPage);
