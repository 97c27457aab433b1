import type { Tenant } from './tenant';

/**
 * What a tenant's pages load for tracking (SPEC.md §3, §9): the social-network and short-video
 * pixels and the analytics script, each only when configured. One decision for both the tags
 * (Tracking.astro) and the CSP hosts that let them load (middleware), so the two cannot drift.
 */
export interface Tracking {
  facebook: string | null;
  tiktok: string | null;
  analytics: { src: string; websiteId: string } | null;
}

/** Ids are checked against their known shapes before they reach a script. */
export function trackingFor(
  tenant: Pick<Tenant, 'pixels' | 'analyticsSiteId'>,
  analyticsHost: string | undefined,
): Tracking {
  const { facebook, tiktok } = tenant.pixels;
  return {
    facebook: facebook && /^\d{5,20}$/.test(facebook) ? facebook : null,
    tiktok: tiktok && /^[A-Z0-9]{5,30}$/i.test(tiktok) ? tiktok : null,
    analytics:
      analyticsHost && tenant.analyticsSiteId
        ? { src: new URL('script.js', analyticsHost.replace(/\/*$/, '/')).href, websiteId: tenant.analyticsSiteId }
        : null,
  };
}

/** The third-party script origins the page's CSP must allow for this tracking. */
export function trackingScriptHosts(tracking: Tracking): string[] {
  const hosts: string[] = [];
  if (tracking.facebook) hosts.push('https://connect.facebook.net', 'https://www.facebook.com');
  if (tracking.tiktok) hosts.push('https://analytics.tiktok.com');
  if (tracking.analytics) hosts.push(new URL(tracking.analytics.src).origin);
  return hosts;
}

type PixelWindow = {
  fbq?: (...args: unknown[]) => void;
  ttq?: { page?: () => void };
};

/**
 * Counts a page view with the pixels present on the page. Their snippets in <head> count the
 * first view of a full load themselves; the shell calls this after each view-transition
 * navigation, which does not rerun them.
 */
export function trackPageView(win: PixelWindow): void {
  if (typeof win.fbq === 'function') win.fbq('track', 'PageView');
  if (typeof win.ttq?.page === 'function') win.ttq.page();
}
