import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from './tenant';
import { type Tracking, trackingFor, trackingScriptHosts, trackPageView } from './tracking';

const config = vi.hoisted(() => ({ ANALYTICS_HOST: undefined as string | undefined }));
vi.mock('#server/config.server.ts', () => ({ env: () => config }));

const withAnalytics = {
  pixels: { facebook: null, tiktok: null },
  analyticsSiteId: '4f1c2b3a-0000-4000-8000-000000000001',
};
const without = { pixels: { facebook: null, tiktok: null }, analyticsSiteId: null };

describe('tracking', () => {
  it('turns the analytics script on only for a tenant with a site id, and only when ANALYTICS_HOST is set', () => {
    const on = trackingFor(withAnalytics, 'https://stats.example.org');
    expect(on.analytics).toEqual({
      src: 'https://stats.example.org/script.js',
      websiteId: '4f1c2b3a-0000-4000-8000-000000000001',
    });
    expect(trackingScriptHosts(on)).toEqual(['https://stats.example.org']);
    expect(trackingFor(without, 'https://stats.example.org').analytics).toBeNull();
    expect(trackingScriptHosts(trackingFor(without, 'https://stats.example.org'))).toEqual([]);
    expect(trackingFor(withAnalytics, undefined).analytics).toBeNull();
  });

  it('keeps a path prefix of the analytics host and allows its origin', () => {
    const on = trackingFor(withAnalytics, 'https://example.org/umami/');
    expect(on.analytics?.src).toBe('https://example.org/umami/script.js');
    expect(trackingScriptHosts(on)).toEqual(['https://example.org']);
  });

  it('loads a pixel, and allows its hosts, only for a well-formed id', () => {
    const pixels = trackingFor(
      { pixels: { facebook: '1234567890123456', tiktok: 'C4KASIH' }, analyticsSiteId: null },
      undefined,
    );
    expect(trackingScriptHosts(pixels)).toEqual([
      'https://connect.facebook.net',
      'https://www.facebook.com',
      'https://analytics.tiktok.com',
    ]);
    const bad = trackingFor(
      { pixels: { facebook: "1');alert(1)//", tiktok: '<x>' }, analyticsSiteId: null },
      undefined,
    );
    expect(bad).toEqual({ facebook: null, tiktok: null, analytics: null } satisfies Tracking);
    expect(trackingScriptHosts(bad)).toEqual([]);
  });

  it('counts a page view with whichever pixels the page has', () => {
    const fbq = vi.fn();
    const page = vi.fn();
    trackPageView({ fbq, ttq: { page } });
    expect(fbq).toHaveBeenCalledWith('track', 'PageView');
    expect(page).toHaveBeenCalledTimes(1);
    expect(() => trackPageView({})).not.toThrow();
  });
});

describe('<Tracking /> with ANALYTICS_HOST set', () => {
  afterEach(() => {
    config.ANALYTICS_HOST = undefined;
  });

  // Loaded by path: TypeScript has no types for .astro files outside `astro check`.
  const component = '../../components/shell/Tracking.astro';

  async function render(tenant: Pick<Tenant, 'pixels' | 'analyticsSiteId'>, tracking = true) {
    const { default: Tracking } = (await import(/* @vite-ignore */ component)) as { default: AstroComponentFactory };
    const container = await AstroContainer.create();
    // The route policy of a marketing page (tracking allowed), unless a test says otherwise.
    return container.renderToString(Tracking, { locals: { tenant, policy: { tracking } } as unknown as App.Locals });
  }

  it('renders the analytics script for the tenant with a site id only', async () => {
    config.ANALYTICS_HOST = 'https://stats.example.org';
    const html = await render(withAnalytics);
    expect(html).toContain('src="https://stats.example.org/script.js"');
    expect(html).toContain('data-website-id="4f1c2b3a-0000-4000-8000-000000000001"');
    expect(await render(without)).not.toContain('data-analytics');
  });

  it('renders nothing where the route policy allows no tracking (a secret link, a login)', async () => {
    config.ANALYTICS_HOST = 'https://stats.example.org';
    expect(await render(withAnalytics, false)).not.toContain('data-analytics');
  });

  it('renders nothing without ANALYTICS_HOST', async () => {
    expect(await render(withAnalytics)).not.toContain('data-analytics');
  });
});
