import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { enabledOptions, payOptionsFor, quote, setMethodsEnabled } from './index.server.ts';

// What the payment panel is given by the page (it loads nothing itself): the tenant's enabled
// methods that take the invoice's currency, in SPEC.md §4 order, each with its cover-the-fee amount.
describe.each(testDatabaseKinds)('the payment panel options on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let peduli: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
    peduli = await aTenant(database.db, 'peduli');
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('offers the enabled methods in display order, with the fee covering each adds', async () => {
    const amount = { subtotal: 10_000, currency: klinik.currency };
    const options = await payOptionsFor(database.db, klinik.id, 'en', amount);
    expect(options.map((o) => o.method)).toEqual(['card', 'fpx', 'counter']);
    const card = (await enabledOptions(database.db, klinik.id, 'en')).find((o) => o.method === 'card');
    expect(card && options[0]?.coverFee).toBe(card && quote(10_000, card, true).fee);
    expect(options[0]?.coverFee).toBeGreaterThan(0);
    expect(options.find((o) => o.method === 'counter')?.coverFee).toBe(0);
  });

  it('leaves out a method that cannot take the currency, and offers nothing when none is enabled', async () => {
    // klinik enables online banking (FPX), which takes only ringgit.
    const rupiah = await payOptionsFor(database.db, klinik.id, 'en', { subtotal: 100_000, currency: peduli.currency });
    expect(peduli.currency.code).toBe('IDR');
    expect(rupiah.map((o) => o.method)).toEqual(['card', 'counter']);
    await setMethodsEnabled(database.db, peduli.id, false);
    expect(await payOptionsFor(database.db, peduli.id, 'id', { subtotal: 100_000, currency: peduli.currency })).toEqual(
      [],
    );
  });
});
