import { prefetch } from 'astro:prefetch';
import { trackPageView } from '../../features/tenants/tracking';
import { ensureDeviceId } from '../../stores/device';
import { captureLead } from '../../stores/lead';
import { $notice, clearNotice, type Notice } from '../../stores/notice';
import { initTheme, setTheme } from '../../stores/theme';
import { isChunkLoadError, reloadOnce } from './chunk-reload';
import { isUnreachable, LOADING_DURATION_MS, LoadingBar, type LoadingState, NavigationFailed } from './loading-bar';
import { canPrefetch, PREFETCH_IDLE_TIMEOUT_MS } from './prefetch-policy';
import { crossesTrackingBoundary, isTracked } from './tracking-boundary';

// Browser side of the page shell: loading bar, notification banner, chunk-reload guard, idle
// prefetch. Bundled once; the elements it drives persist across view transitions.

// --- Visitor state ---------------------------------------------------------------------------
// This module runs once per document, on the page the visitor landed on: later view-transition
// navigations keep it. So the lead is the landing URL's campaign parameters (and captureLead
// keeps the first capture for the whole session, even across full loads), and the device id
// exists from start-up.
ensureDeviceId();
captureLead(location.href);
initTheme();
document.addEventListener('astro:after-swap', () => setTheme(document.documentElement.dataset.theme));

// --- Pixels: one page view per page, not per full load -------------------------------------
// The snippets in <head> count the first view and are not rerun by view-transition navigation:
// count each page loaded through a swap (never the first load, which has no swap before it).
// Only between tracked pages: arriving from an untracked page, the snippets start and count it.
let swapped = false;
let fromTracked = false;
document.addEventListener('astro:before-swap', () => {
  fromTracked = isTracked(document);
});
document.addEventListener('astro:after-swap', () => {
  swapped = true;
});
document.addEventListener('astro:page-load', () => {
  if (!swapped) return;
  swapped = false;
  if (!fromTracked || !isTracked(document)) return;
  trackPageView(window as Parameters<typeof trackPageView>[0]);
});

// --- Loading bar -------------------------------------------------------------------------
function renderBar(state: LoadingState, progress: number) {
  const bar = document.getElementById('loading-bar');
  if (!bar) return;
  bar.dataset.state = state;
  bar.setAttribute('aria-valuenow', String(progress));
  const fill = bar.firstElementChild as HTMLElement | null;
  if (!fill) return;
  if (state === 'loading') {
    fill.style.transition = 'none';
    fill.style.width = '0%';
    void fill.offsetWidth;
    fill.style.transition = `width ${LOADING_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`;
    fill.style.width = '95%';
  } else if (state === 'done' || state === 'failed') {
    fill.style.transition = 'width 150ms ease-out';
    fill.style.width = '100%';
    setTimeout(
      () => {
        if (bar.dataset.state === state) bar.dataset.state = 'idle';
      },
      state === 'failed' ? 1500 : 300,
    );
  } else {
    fill.style.transition = 'none';
    fill.style.width = '0%';
  }
}

const loading = new LoadingBar(renderBar);
document.addEventListener('astro:before-preparation', (event) => {
  loading.start();
  const original = event.loader;
  event.loader = async () => {
    try {
      await original();
    } catch (error) {
      loading.fail();
      throw error;
    }
    // From a page with pixels to one without: a full load, so no pixel outlives its page (the
    // router loads `event.to` itself when the preparation is cancelled). Form posts keep their swap.
    if (!event.defaultPrevented && !event.formData && crossesTrackingBoundary(document, event.newDocument)) {
      event.preventDefault();
      return;
    }
    // No page and no error: Astro would now fall back to a full load. When the server cannot be
    // reached that lands on the browser's error page; instead the visitor stays on this page,
    // the bar marks the failure, and the link can be tried again.
    if (event.defaultPrevented && event.newDocument === document && (await isUnreachable(event.to))) {
      loading.fail();
      throw new NavigationFailed(event.to.href);
    }
  };
});
document.addEventListener('astro:after-swap', () => {
  if (loading.state !== 'failed') loading.finish();
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
document.addEventListener('astro:page-load', () => {
  const seed = document.querySelector<HTMLScriptElement>('script[type="application/json"]#initial-notice');
  if (seed?.textContent) $notice.set(JSON.parse(seed.textContent) as Notice);
  renderNotice($notice.get());
});

// --- Failed lazy chunk: reload once per 60 s ---------------------------------------------
function onChunkError(reason: unknown) {
  if (isChunkLoadError(reason)) reloadOnce(sessionStorage, () => location.reload());
}
window.addEventListener('vite:preloadError', (event) => onChunkError((event as Event & { payload?: unknown }).payload));
window.addEventListener('unhandledrejection', (event) => {
  // A failed navigation is already shown by the loading bar (the router does not catch it).
  if (event.reason instanceof NavigationFailed) event.preventDefault();
  else onChunkError(event.reason);
});

// --- Prefetch visible links when idle, never on 2g or data saver --------------------------
function prefetchVisibleLinks() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  if (!canPrefetch(connection) || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch((entry.target as HTMLAnchorElement).href);
    }
  });
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-prefetch]')) observer.observe(link);
}
document.addEventListener('astro:page-load', () => {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  idle(prefetchVisibleLinks, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
});
