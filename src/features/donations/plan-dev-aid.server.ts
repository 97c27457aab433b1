import type { Db } from '#db/client.server.ts';
import { invoiceByPublicId, invoiceVerifyPath } from '#features/invoices/index.server.ts';
import { appProviders, createPayment, settlePayment } from '#features/payments/index.server.ts';
import { completeSandboxCharge, sandboxSecret, sandboxWebhookUrl } from '#features/payments/providers/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { startDonationCheckout } from './checkout.server';
import { linkToken } from './manage-link.server';
import { planManagePath } from './paths';
import { devPlanCampaign, donationPlanOfInvoice } from './plan-repo.server';

/**
 * Developer aid behind `/dev/donation-plans` (SHOW_DEV_PAGES=1): a monthly gift of 12 made through
 * the real checkout, its first gift paid by the sandbox's card (or at the counter), so browser
 * tests reach a plan's manage page — the link its receipt carries — without the donor's screens.
 */
export async function devRecurringGift(
  db: Db,
  input: { tenant: Tenant; locale: Locale; method: 'card' | 'counter'; ip: string; origin: string; host: string },
): Promise<{ planId: string; manageUrl: string } | { error: string }> {
  const campaignId = await devPlanCampaign(db, input.tenant.id);
  const checkout = await startDonationCheckout(db, {
    tenant: input.tenant,
    lines: [{ campaignId, amountMinor: 5000, type: 'monthly', count: 12, coverFees: false }],
    donor: {
      name: 'Nurul Huda',
      anonymous: false,
      phone: '60123456789',
      email: 'nurul@example.com',
      address: null,
      message: null,
      taxReceipt: false,
      taxId: null,
      idempotencyKey: `dev-plan-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      website: '',
    },
    customerId: null,
    locale: input.locale,
    clientIp: input.ip,
  });
  if (!checkout.ok) return { error: checkout.reason };
  const invoice = await invoiceByPublicId(db, input.tenant, checkout.invoicePublicId);
  if (!invoice) return { error: 'no invoice' };
  const payment = await createPayment(db, appProviders(db), {
    tenant: input.tenant,
    invoice,
    method: input.method,
    coverFees: false,
    locale: input.locale,
    ip: input.ip,
    siteOrigin: input.origin,
    returnPath: invoiceVerifyPath(input.locale, 'donation', invoice.publicId),
  });
  if (!payment.ok) return { error: payment.reason };
  if (input.method === 'card') {
    await completeSandboxCharge(db, {
      tenantId: input.tenant.id,
      chargeId: payment.paymentId,
      choice: 'pay',
      secret: sandboxSecret(),
      webhookUrl: sandboxWebhookUrl(),
      hostHeader: input.host,
    });
  }
  const settled = await settlePayment(db, {
    tenantId: input.tenant.id,
    paymentId: payment.paymentId,
    status: 'paid',
    via: input.method === 'card' ? 'verify' : 'staff',
  });
  const planId = settled.payment ? await donationPlanOfInvoice(db, input.tenant.id, invoice.id) : null;
  if (!planId) return { error: 'no plan' };
  return { planId, manageUrl: planManagePath(input.locale, linkToken('plan', input.tenant.id, planId)) };
}
