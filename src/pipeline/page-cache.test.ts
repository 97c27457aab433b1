import type { APIContext } from 'astro';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePolicy } from '#pipeline/route-policy.ts';
import { PAGE_CACHE_HEADER, pageCache } from '#server/page-cache/index.ts';
import { pageCacheStep } from './page-cache';
import { decide, startPass } from './state';

const KLINIK = { id: '11111111-1111-4111-8111-111111111111', name: 'Klinik' };
const YAYASAN = { id: '22222222-2222-4222-8222-222222222222', name: 'Yayasan' };

type Visitor = { name: string } | null;

/** One request through the step, as the pipeline hands it over (tenant, language, session decided). */
async function request(
  path: string,
  {
    tenant = KLINIK,
    locale = 'en',
    user = null,
    method = 'GET',
    verdict = null,
  }: { tenant?: typeof KLINIK; locale?: string; user?: Visitor; method?: string; verdict?: 'not-found' | null } = {},
) {
  const url = new URL(`https://klinik.example${path}`);
  const locals = {
    tenant,
    locale,
    user,
    staff: user ? { name: 'Staff Member', role: 'staff' } : null,
    origin: url.origin,
    embed: false,
    policy: routePolicy(url.pathname.replace(/^\/(ms|id)(?=\/|$)/, '') || '/', url.searchParams),
  } as unknown as App.Locals;
  startPass(locals, { host: url.host, secure: true, peer: undefined });
  decide(locals, { page: true, rewrite: false, verdict });
  let renders = 0;
  // The page as a template would render it: the visitor's name in the header when logged in.
  const next = async () => {
    renders += 1;
    const who = (locals.user as Visitor)?.name ?? 'guest';
    return new Response(`<p>${(locals.tenant as typeof KLINIK).name} ${locals.locale} ${url.pathname} ${who}</p>`, {
      headers: { 'content-type': 'text/html' },
    });
  };
  const context = {
    request: new Request(url, { method }),
    url,
    locals,
    cookies: { headers: function* () {} },
  } as unknown as APIContext;
  const response = (await pageCacheStep(context, next)) as Response;
  return { response, body: await response.text(), renders: () => renders };
}

describe('the page cache step', () => {
  beforeEach(() => pageCache().clear());

  it('never lets a logged-in visitor’s name into a public page, cached or not', async () => {
    const customer = await request('/appointment', { user: { name: 'Siti Aminah' } });
    expect(customer.body).not.toContain('Siti');
    expect(customer.body).toContain('guest');
    const guest = await request('/appointment');
    expect(guest.response.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    expect(guest.body).toBe(customer.body);
  });

  it('keeps tenants and languages apart', async () => {
    const seen = new Set<string>();
    for (const tenant of [KLINIK, YAYASAN])
      for (const [locale, path] of [
        ['en', '/appointment'],
        ['ms', '/ms/appointment'],
        ['id', '/id/appointment'],
      ] as const) {
        const first = await request(path, { tenant, locale });
        const again = await request(path, { tenant, locale });
        expect(again.response.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
        expect(again.body).toBe(first.body);
        expect(first.body).toContain(`${tenant.name} ${locale} `);
        seen.add(first.body);
      }
    expect(seen.size).toBe(6);
  });

  it('passes by what the route table does not mark, what is not a GET, and what access refused', async () => {
    for (const [path, options] of [
      ['/account', {}],
      ['/appointment/x/checkout', {}],
      ['/appointment/x?reschedule=abc', {}],
      ['/appointment', { method: 'POST' }],
      ['/appointment', { verdict: 'not-found' as const }],
    ] as const) {
      const { response, body } = await request(path, { user: { name: 'Siti Aminah' }, ...options });
      expect(response.headers.has(PAGE_CACHE_HEADER), path).toBe(false);
      // Untouched: a personal page still sees its visitor.
      expect(body, path).toContain('Siti');
    }
    expect(pageCache().size).toBe(0);
  });
});
