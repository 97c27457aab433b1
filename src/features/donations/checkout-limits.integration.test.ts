// Issue 23 (6): the donation limit counts what abuse looks like — checkouts left UNPAID, per
// contact, per network address (a backstop) and per tenant — never donors who pay, however many
// share one address (a family, a mosque's Wi-Fi, a mobile carrier's shared address).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Database, type Db, openDatabase } from '#db/client.server.ts';
import { invoices, payments } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { DONATION_UNPAID_LIMITS, startDonationCheckout } from './checkout.server';
import { submitDonationForm } from './donation-form.server';
import { insertTestCampaign, testDonor } from './test-support';
import { aFoundation } from './test-support.ts';

composeApp();

const NOW = new Date('2026-11-23T02:00:00Z');
const { perContact, perAddress, windowMs } = DONATION_UNPAID_LIMITS;

describe.each(testDatabaseKinds)('donation limits on unpaid checkouts on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;
  let peduli: Tenant;
  let campaignId: string;
  let peduliCampaignId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    yayasan = await aFoundation(database.db, 'yayasan');
    peduli = await aFoundation(database.db, 'peduli');
    campaignId = (await insertTestCampaign(database.db, yayasan.id)).id;
    peduliCampaignId = (await insertTestCampaign(database.db, peduli.id, { minAmountMinor: 1000 })).id;
  }, 180_000);
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const give = (
    input: { tenant?: Tenant; phone?: string; email?: string | null; ip: string; now?: Date },
    db: Db = database.db,
  ) => {
    const tenant = input.tenant ?? yayasan;
    const donor = testDonor({
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
    });
    return startDonationCheckout(db, {
      tenant,
      lines: [
        {
          campaignId: tenant.id === yayasan.id ? campaignId : peduliCampaignId,
          amountMinor: 100_000,
          type: 'one-time',
          coverFees: false,
        },
      ],
      donor,
      customerId: null,
      locale: 'en',
      clientIp: input.ip,
      now: input.now ?? NOW,
    });
  };

  /** The donor pays the checkout's invoice (online banking, settled as the gateway says). */
  async function pay(tenant: Tenant, invoicePublicId: string) {
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.publicId, invoicePublicId));
    const [payment] = await database.db
      .insert(payments)
      .values({
        tenantId: tenant.id,
        invoiceId: invoice?.id ?? '',
        provider: 'sandbox',
        method: 'fpx',
        amount: Number(invoice?.total),
        createdAt: NOW,
      })
      .returning();
    await settlePayment(database.db, {
      tenantId: tenant.id,
      paymentId: payment?.id ?? '',
      status: 'paid',
      via: 'verify',
      now: NOW,
    });
  }

  it('accepts every donor who pays, however many give from one address', async () => {
    const ip = '203.0.113.10';
    // Twice the address's cap on unpaid attempts: paid checkouts never count.
    for (let n = 0; n < perAddress * 2; n++) {
      const result = await give({ ip });
      expect(result.ok, `donor ${n + 1}`).toBe(true);
      if (result.ok) await pay(yayasan, result.invoicePublicId);
    }
  });

  it('refuses one contact from its (perContact + 1)-th unpaid checkout, in the visitor’s language, until the oldest leaves the hour', async () => {
    const phone = '60127770001';
    // Now (the form below submits at the real time).
    const now = new Date();
    for (let n = 0; n < perContact; n++) {
      expect((await give({ phone, email: null, ip: `203.0.113.${20 + n}`, now })).ok).toBe(true);
    }
    // From another address and with an e-mail address too: the same phone is the same donor.
    const refused = await give({ phone, email: 'other@example.com', ip: '203.0.113.99', now });
    expect(refused).toMatchObject({ ok: false, reason: 'rate_limited', scope: 'contact', retryAfterSeconds: 3600 });
    // The form says so in Malay, naming the wait.
    const answer = await submitDonationForm(
      database.db,
      { tenant: yayasan, locale: 'ms', t: translator('ms'), customerId: null, clientIp: '203.0.113.98' },
      {
        campaignId,
        customAmount: '20',
        type: 'one-time',
        name: 'Siti',
        phone: '012-777 0001',
        idempotencyKey: 'limits-form-key-0001',
      },
    );
    expect(answer).toMatchObject({ ok: false, status: 429 });
    expect(answer.ok ? '' : answer.error).toBe(
      'Anda telah memulakan beberapa derma yang belum dibayar. Bayar salah satu daripadanya melalui pautannya, atau cuba lagi dalam 60 minit.',
    );
    // An hour after the first: accepted again.
    expect((await give({ phone, email: null, ip: '203.0.113.97', now: new Date(now.getTime() + windowMs) })).ok).toBe(
      true,
    );
  });

  it('counts a contact’s e-mail address as the same donor, and forgets attempts once paid', async () => {
    const email = 'many-unpaid@example.com';
    const made: string[] = [];
    for (let n = 0; n < perContact; n++) {
      const result = await give({ email, ip: `203.0.113.${40 + n}` });
      expect(result.ok).toBe(true);
      if (result.ok) made.push(result.invoicePublicId);
    }
    expect(await give({ email, ip: '203.0.113.60' })).toMatchObject({ ok: false, scope: 'contact' });
    // The donor pays one of them: one more may be started.
    await pay(yayasan, made[0] ?? '');
    expect((await give({ email, ip: '203.0.113.61' })).ok).toBe(true);
    expect(await give({ email, ip: '203.0.113.62' })).toMatchObject({ ok: false, scope: 'contact' });
  });

  it('caps unpaid checkouts from one address per tenant; another tenant is unaffected', async () => {
    const ip = '203.0.113.200';
    let accepted = 0;
    for (let n = 0; n < perAddress + 3; n++) {
      const result = await give({ ip });
      if (result.ok) accepted += 1;
      else expect(result).toMatchObject({ reason: 'rate_limited', scope: 'address' });
    }
    expect(accepted).toBe(perAddress);
    // The same address on another foundation's site.
    expect((await give({ tenant: peduli, ip })).ok).toBe(true);
  });

  it('lets no more than the limit through when one contact starts many checkouts at once', async () => {
    const second: Database = kind === 'postgres' && database.url ? await openDatabase({ url: database.url }) : database;
    try {
      const phone = '60127770002';
      const results = await Promise.all(
        Array.from({ length: perContact * 2 }, (_, n) =>
          give({ phone, email: null, ip: `203.0.113.${120 + n}` }, n % 2 === 0 ? database.db : second.db),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(perContact);
    } finally {
      if (second !== database) await second.close();
    }
  });
});
