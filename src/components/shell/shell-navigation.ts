import { navigate as routerNavigate } from 'astro:transitions/client';
import { trackPageView } from '#features/tenants/tracking.ts';
import { setTheme } from '#stores/theme.ts';
import { isUnreachable, LOADING_DURATION_MS, LoadingBar, type LoadingState, NavigationFailed } from './loading-bar';
import { crossesTrackingBoundary, isTracked } from './tracking-boundary';

// The navigating half of the page shell, loaded by shell-client.ts when the visitor first reaches
// for a link or a form (or at once on a page with islands): Astro's view-transition router, the
// loading bar, pixel page views after a swap. A page nobody leaves through a link never loads it
// (docs/decisions/0018-page-cache.md: the landing pages' JavaScript budget).

export const navigate = routerNavigate;

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
