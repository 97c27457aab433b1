// Test helpers: campaigns inserted directly (the campaign editor is staff's), a donor's input, and
// a donation invoice paid through the sandbox.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { campaigns, tenantSettings } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, type testDatabaseKinds } from '#db/test-databases.ts';
import { demoDonationSettings } from '#demo/demo-donations.server.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { type InvoiceView, invoiceVerifyPath } from '#features/invoices/index.ts';
import { createPayment, paymentProviders, settlePayment } from '#features/payments/index.server.ts';
import { completeSandboxCharge } from '#features/payments/providers/index.ts';
import { forgetCachedTenants, resolveTenant } from '#features/tenants/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import type { Locale } from '#i18n/locales.ts';
import { recordOfflineDonation } from './campaigns.server';
import { startDonationCheckout } from './checkout.server';
import type { DonorInput } from './donation-form.schema';

/**
 * A demo foundation, bare (no campaigns or gifts) but with its receipt and fee settings: yayasan
 * issues tax receipts in ringgit, peduli takes rupiah and issues none.
 */
export async function aFoundation(db: Db, slug: 'yayasan' | 'peduli'): Promise<Tenant> {
  const tenant = await aTenant(db, slug);
  const settings = demoDonationSettings(slug, tenant.registrationNo ?? '', (major) =>
    Math.round(major * tenant.currency.multiplier),
  );
  await db.update(tenantSettings).set(settings).where(eq(tenantSettings.tenantId, tenant.id));
  forgetCachedTenants();
  const updated = await resolveTenant(db, `${slug}.localhost`);
  if (!updated) throw new Error(`tenant ${slug} not resolved`);
  return updated;
}

let sequence = 0;

export async function insertTestCampaign(
  db: Db,
  tenantId: string,
  patch: Partial<typeof campaigns.$inferInsert> = {},
): Promise<{ id: string; publicId: string }> {
  sequence += 1;
  const [row] = await db
    .insert(campaigns)
    .values({
      tenantId,
      publicId: `test-campaign-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      title: { en: `Campaign ${sequence}`, ms: `Kempen ${sequence}`, id: `Kampanye ${sequence}` },
      status: 'live',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      suggestedAmounts: [2000, 5000, 10_000],
      minAmountMinor: 1000,
      maxAmountMinor: 10_000_000,
      oneTime: true,
      weeklyCounts: [4, 8],
      monthlyCounts: [6, 12],
      coverFeesAllowed: true,
      ...patch,
    })
    .returning({ id: campaigns.id, publicId: campaigns.publicId });
  if (!row) throw new Error('campaign not inserted');
  return row;
}

let donorSequence = 0;

/**
 * A donor's input. Each call is another person (their own phone and e-mail): unpaid checkouts are
 * limited per contact (issue 23), so a test that means one person making several gives the contact.
 */
export function testDonor(patch: Partial<DonorInput> = {}): DonorInput {
  donorSequence += 1;
  return {
    name: 'Siti Aminah',
    anonymous: false,
    phone: `6012${String(donorSequence).padStart(7, '0')}`,
    email: `siti.${donorSequence}@example.com`,
    address: null,
    message: null,
    taxReceipt: false,
    taxId: null,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    website: '',
    ...patch,
  };
}

/**
 * Pays a donation invoice as a payer who chose "Pay" on the sandbox's page (its webhook goes
 * nowhere), then settles it as each of `reportedBy` reports it (the return page, then maybe the
 * webhook again). Answers the payment's id.
 */
export async function payInSandbox(
  db: Db,
  input: {
    tenant: Tenant;
    invoice: InvoiceView;
    method?: 'card' | 'fpx';
    locale?: Locale;
    ip?: string;
    now?: Date;
    reportedBy?: readonly ('verify' | 'webhook')[];
  },
): Promise<string> {
  const { tenant, invoice, now } = input;
  const payment = await createPayment(db, paymentProviders({ db }), {
    tenant,
    invoice,
    method: input.method ?? 'card',
    coverFees: false,
    locale: input.locale ?? 'ms',
    ip: input.ip ?? '198.51.100.250',
    siteOrigin: 'http://yayasan.localhost:4321',
    // Unprefixed, as the tests have always had it.
    returnPath: invoiceVerifyPath('en', 'donation', invoice.publicId),
    now,
  });
  if (!payment.ok) throw new Error(payment.reason);
  await completeSandboxCharge(db, {
    tenantId: tenant.id,
    chargeId: payment.paymentId,
    choice: 'pay',
    secret: 'test-secret-of-some-length',
    webhookUrl: 'http://127.0.0.1:9/api/webhooks/sandbox',
    hostHeader: 'yayasan.localhost',
    timing: { firstDelayMs: 0, retryDelaysMs: [] },
  });
  for (const via of input.reportedBy ?? ['verify']) {
    await settlePayment(db, { tenantId: tenant.id, paymentId: payment.paymentId, status: 'paid', via, now });
  }
  return payment.paymentId;
}

/**
 * A suite's own database holding the yayasan foundation (and, given `campaign`, one live campaign
 * of it as `campaignId`), made before the suite's tests and closed after them. Call it inside a
 * `describe`; `nextIp()` gives each checkout or payment an address of its own.
 */
export function aFoundationSuite(
  kind: (typeof testDatabaseKinds)[number],
  campaign?: Partial<typeof campaigns.$inferInsert>,
) {
  const suite = {
    database: undefined as unknown as TestDatabase,
    yayasan: undefined as unknown as Tenant,
    campaignId: '',
    get db(): Db {
      return suite.database.db;
    },
    ip: 0,
    nextIp: () => `198.51.100.${++suite.ip}`,
  };
  beforeAll(async () => {
    suite.database = await createTestDatabase(kind);
    suite.yayasan = await aFoundation(suite.db, 'yayasan');
    if (campaign) suite.campaignId = (await insertTestCampaign(suite.db, suite.yayasan.id, campaign)).id;
  }, 180_000);
  afterAll(async () => {
    forgetCachedTenants();
    await suite.database?.close();
  });
  return suite;
}

type CheckoutInput = Parameters<typeof startDonationCheckout>[1];

/** Checks out gifts through the real checkout (a new guest donor unless given) and answers the invoice it opened. */
export async function checkoutToInvoice(
  db: Db,
  input: Omit<CheckoutInput, 'donor' | 'customerId'> & Partial<Pick<CheckoutInput, 'donor' | 'customerId'>>,
): Promise<InvoiceView> {
  const result = await startDonationCheckout(db, { donor: testDonor(), customerId: null, ...input });
  if (!result.ok) throw new Error(result.reason);
  const invoice = await invoiceByPublicId(db, input.tenant, result.invoicePublicId);
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

/** Staff record an offline gift of `amountMinor` to `campaignId` now (a paid gift, no invoice). */
export function recordTestOfflineGift(
  db: Db,
  tenant: Pick<Tenant, 'id'>,
  gift: { campaignId: string; staffId: string; amountMinor: number; donorName: string },
) {
  return recordOfflineDonation(db, tenant, {
    ...gift,
    anonymous: false,
    phone: null,
    email: null,
    message: null,
    taxReceipt: false,
    taxId: null,
    locale: 'en',
    receivedAt: new Date(),
  });
}
