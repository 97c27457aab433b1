import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { enabledOptions, payOptionsFor, quote, setMethodsEnabled } from './index.server.ts';
import { klinikOnTwoInstances } from './instances-test-support.ts';

// What the payment panel is given by the page (it loads nothing itself): the tenant's enabled
// methods that take the invoice's currency, in SPEC.md §4 order, each with its cover-the-fee amount.
describe.each(testDatabaseKinds)('the payment panel options on %s', (kind) => {
  const t = klinikOnTwoInstances(kind, { others: ['peduli'] });

  it('offers the enabled methods in display order, with the fee covering each adds', async () => {
    const amount = { subtotal: 10_000, currency: t.klinik.currency };
    const options = await payOptionsFor(t.db, t.klinik.id, 'en', amount);
    expect(options.map((o) => o.method)).toEqual(['card', 'fpx', 'counter']);
    const card = (await enabledOptions(t.db, t.klinik.id, 'en')).find((o) => o.method === 'card');
    expect(card && options[0]?.coverFee).toBe(card && quote(10_000, card, true).fee);
    expect(options[0]?.coverFee).toBeGreaterThan(0);
    expect(options.find((o) => o.method === 'counter')?.coverFee).toBe(0);
  });

  it('leaves out a method that cannot take the currency, and offers nothing when none is enabled', async () => {
    // klinik enables online banking (FPX), which takes only ringgit.
    const peduli = t.tenant('peduli');
    const rupiah = await payOptionsFor(t.db, t.klinik.id, 'en', { subtotal: 100_000, currency: peduli.currency });
    expect(peduli.currency.code).toBe('IDR');
    expect(rupiah.map((o) => o.method)).toEqual(['card', 'counter']);
    await setMethodsEnabled(t.db, peduli.id, false);
    expect(await payOptionsFor(t.db, peduli.id, 'id', { subtotal: 100_000, currency: peduli.currency })).toEqual([]);
  });
});
