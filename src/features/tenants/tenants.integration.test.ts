import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { domainVerificationsFor, forgetCachedTenants, resolveTenant } from './index.server.ts';
import { aTenant } from './test-support.ts';

describe.each(testDatabaseKinds)('tenants on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const slug of ['klinik', 'yayasan', 'peduli'] as const) await aTenant(database.db, slug);
    forgetCachedTenants();
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('resolves each demo tenant by its host, with port and case ignored', async () => {
    const klinik = await resolveTenant(database.db, 'Klinik.LocalHost:4321');
    const yayasan = await resolveTenant(database.db, 'yayasan.localhost');
    const peduli = await resolveTenant(database.db, 'peduli.localhost:8080');
    expect(klinik?.name).toBe('Klinik Sihat Bersama');
    expect(yayasan?.name).toBe('Yayasan Kasih Ummah');
    expect(peduli?.currency).toEqual({ code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 });
    expect(peduli?.defaultLocale).toBe('id');
    expect(klinik?.theme).not.toBe(yayasan?.theme);
  });

  it('maps localhost and 127.0.0.1 to the default (clinic) tenant', async () => {
    expect((await resolveTenant(database.db, 'localhost:4321'))?.slug).toBe('klinik');
    expect((await resolveTenant(database.db, '127.0.0.1:4321'))?.slug).toBe('klinik');
  });

  it('knows no tenant for an unknown or empty host', async () => {
    expect(await resolveTenant(database.db, 'nope.localhost')).toBeNull();
    expect(await resolveTenant(database.db, '')).toBeNull();
    expect(await resolveTenant(database.db, null)).toBeNull();
  });

  it('gives the primary production domain as the canonical host', async () => {
    expect((await resolveTenant(database.db, 'klinik.localhost'))?.primaryHost).toBe('kliniksihat.my');
  });

  it('returns the domain verifications of the tenant owning a domain', async () => {
    const results = await domainVerificationsFor(database.db, 'kasihummah.org.my');
    expect(results).toEqual([
      { platform: 1, code: 'y4y4s4nk4s1hv3r1fy000000000' },
      { platform: 2, code: 'google-site-verification-kasihummah' },
    ]);
  });

  it('maps a local development host on port 3000 or 4321 to the default tenant', async () => {
    const expected = [{ platform: 1, code: 'k3l1n1ks1h4tv3r1fy0000000000' }];
    expect(await domainVerificationsFor(database.db, 'localhost:3000')).toEqual(expected);
    expect(await domainVerificationsFor(database.db, '127.0.0.1:4321')).toEqual(expected);
  });

  it('answers an empty list for an unknown domain or a tenant without verifications', async () => {
    expect(await domainVerificationsFor(database.db, 'unknown.example')).toEqual([]);
    expect(await domainVerificationsFor(database.db, 'pedulinusantara.or.id')).toEqual([]);
  });
});
