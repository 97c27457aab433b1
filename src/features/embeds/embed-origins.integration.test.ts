import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { pageCache } from '#server/page-cache/index.ts';
import { embedOriginsFor, saveEmbedOrigins, updateEmbedOriginsFromForm } from './embed-origins.server';

// Saving tells the bus (the page cache drops the pages kept for the embed), as the running app does.
composeApp();

describe.each(testDatabaseKinds)(
  'the owner’s embed origins form on %s (issue 9 item 9; a platform table since issue 10)',
  (kind) => {
    let database: TestDatabase;
    let klinik: Tenant;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      klinik = await aTenant(database.db, 'klinik');
      await saveEmbedOrigins(database.db, klinik.id, ['https://partner.example', 'https://other.example']);
    });
    afterAll(async () => {
      forgetCachedTenants();
      await database?.close();
    });

    it('refuses a post without the field, or longer than the form allows, and changes nothing', async () => {
      expect(await updateEmbedOriginsFromForm(database.db, klinik.id, undefined)).toEqual({
        ok: false,
        reason: 'malformed',
      });
      const long = `https://partner.example\n${' '.repeat(10_000)}`;
      expect(await updateEmbedOriginsFromForm(database.db, klinik.id, long)).toEqual({
        ok: false,
        reason: 'malformed',
      });
      expect(await embedOriginsFor(database.db, klinik.id)).toEqual([
        'https://partner.example',
        'https://other.example',
      ]);
    });

    it('an invalid line changes nothing; a present, empty field clears the list', async () => {
      expect(await updateEmbedOriginsFromForm(database.db, klinik.id, 'not an origin')).toMatchObject({ ok: false });
      expect(await embedOriginsFor(database.db, klinik.id)).toHaveLength(2);
      expect(await updateEmbedOriginsFromForm(database.db, klinik.id, '')).toEqual({ ok: true, origins: [] });
      expect(await embedOriginsFor(database.db, klinik.id)).toEqual([]);
    });

    it('a saved list drops the pages kept for the embed at once, and only those', async () => {
      const cache = pageCache();
      cache.clear();
      const page = (text: string) => async () => ({
        cacheable: true as const,
        page: { status: 200, headers: [] as [string, string][], body: new TextEncoder().encode(text) },
      });
      const spec = (key: string, tags: ('catalogue' | 'embed')[]) => ({
        key,
        tenantId: klinik.id,
        tags,
        ttlSeconds: 60,
      });
      await cache.serve(spec(`${klinik.id}|embed`, ['catalogue', 'embed']), page('framed'));
      await cache.serve(spec(`${klinik.id}|site`, ['catalogue']), page('site'));
      await saveEmbedOrigins(database.db, klinik.id, ['https://partner.example']);
      expect(cache.get(`${klinik.id}|embed`)).toBeNull();
      expect(cache.get(`${klinik.id}|site`)).not.toBeNull();
      // Refused input writes nothing and drops nothing.
      await cache.serve(spec(`${klinik.id}|embed`, ['catalogue', 'embed']), page('framed'));
      await updateEmbedOriginsFromForm(database.db, klinik.id, 'not an origin');
      expect(cache.get(`${klinik.id}|embed`)).not.toBeNull();
    });
  },
);
