import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import type { Locale } from '#i18n/locales.ts';
import { callJsonEndpoint } from '#server/endpoint-test-support.ts';
import { thePostcodeTable } from './test-support.ts';

// The endpoint itself (`GET /api/shipping/postcodes`), on each test database: its answers, and
// that input the database would refuse (NUL bytes) is a 400, never a query and a 500.
const current = vi.hoisted(() => ({ database: null as TestDatabase | null }));
const { GET } = await import('#pages/api/shipping/postcodes.ts');

const call = (query: string, locale: Locale = 'en') =>
  callJsonEndpoint(
    GET,
    new URL(`http://klinik.localhost/api/shipping/postcodes${query}`),
    current.database?.db,
    locale,
  );

describe.each(testDatabaseKinds)('GET /api/shipping/postcodes on %s', (kind) => {
  beforeAll(async () => {
    current.database = await createTestDatabase(kind);
    await thePostcodeTable(current.database.db);
  });
  afterAll(async () => {
    await current.database?.close();
    current.database = null;
  });

  it('answers the list of places for a postcode', async () => {
    expect(await call('?postcode=40000')).toEqual({
      status: 200,
      body: [{ postcode: '40000', city: 'Shah Alam', state: 'Selangor', country: 'Malaysia' }],
    });
    expect(await call('?postcode=%2000000%20')).toEqual({ status: 200, body: [] });
  });

  it('refuses what cannot be a postcode with a 400 in the visitor language', async () => {
    expect(await call('?postcode=%00%00%00%00%00')).toEqual({
      status: 400,
      body: { error: 'Postcode may contain digits only', fields: { postcode: 'Postcode may contain digits only' } },
    });
    expect((await call('?postcode=4000a', 'ms')).body.error).toBe('Poskod hanya boleh mengandungi angka');
    expect((await call('?postcode=400', 'id')).body.error).toBe('Kode pos harus tepat 5 karakter');
    expect((await call('')).status).toBe(400);
  });
});
