import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import type { Locale } from '#i18n/locales.ts';
import { callJsonEndpoint } from '#server/endpoint-test-support.ts';
import { forgetCachedTenants } from './index.server.ts';

// The endpoint itself (`GET /domain_verifications`, SPEC.md §7), on each test database: the
// `{ results }` shape, and that a domain no host can have is a 400 rather than a query and a 500.
const current = vi.hoisted(() => ({ database: null as TestDatabase | null }));
const { GET } = await import('#pages/domain_verifications.ts');

async function call(domain: string | null, locale: Locale = 'en') {
  const url = new URL('http://klinik.localhost/domain_verifications');
  if (domain !== null) url.searchParams.set('domain', domain);
  return callJsonEndpoint(GET, url, current.database?.db, locale);
}

describe.each(testDatabaseKinds)('GET /domain_verifications on %s', (kind) => {
  beforeAll(async () => {
    current.database = await createTestDatabase(kind);
    for (const slug of ['klinik', 'yayasan', 'peduli'] as const) await aTenant(current.database.db, slug);
    forgetCachedTenants();
  });
  afterAll(async () => {
    forgetCachedTenants();
    await current.database?.close();
    current.database = null;
  });

  const klinik = { status: 200, body: { results: [{ platform: 1, code: 'k3l1n1ks1h4tv3r1fy0000000000' }] } };

  it('answers the results of the tenant owning the domain', async () => {
    expect(await call('localhost:3000')).toEqual(klinik);
    expect(await call('localhost:4321')).toEqual(klinik);
    expect(await call('KLINIK.localhost.')).toEqual(klinik);
    expect(await call('[::1]:4321')).toEqual(klinik);
    expect(await call('peduli.localhost')).toEqual({ status: 200, body: { results: [] } });
    expect(await call('nobody.example')).toEqual({ status: 200, body: { results: [] } });
  });

  it('refuses what cannot be a host name with a 400 in the visitor language', async () => {
    expect(await call('\0abc')).toEqual({
      status: 400,
      body: {
        error: 'The domain must be a host name, such as example.com',
        fields: { domain: 'The domain must be a host name, such as example.com' },
      },
    });
    expect((await call('exa mple.com', 'ms')).body.error).toBe('Domain mestilah nama hos, seperti example.com');
    expect((await call("x' or 1=1 --", 'id')).status).toBe(400);
    expect((await call('-bad-.example')).status).toBe(400);
  });

  it('says when the domain is missing or too long', async () => {
    expect(await call(null)).toMatchObject({ status: 400, body: { error: 'A domain is required' } });
    expect(await call(`${'a.'.repeat(130)}com`, 'id')).toMatchObject({
      status: 400,
      body: { error: 'Domain paling banyak 253 karakter' },
    });
  });
});
