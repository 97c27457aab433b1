import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import {
  findInvoiceRow,
  newPublicId,
  setInvoiceDueAt,
  setSavesPaymentMethod,
  startCheckoutIn,
} from '#features/invoices/index.server.ts';
import { chargeSavedMethod, type ProviderName, paymentProviders } from '#features/payments/index.server.ts';
import { findTenantById, type Tenant } from '#features/tenants/index.server.ts';
import { isLocale, localized } from '#i18n/locales.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { formatMoney } from '#lib/money.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { runOnce } from '#server/jobs/index.ts';
import { enqueueMessage, kickOutbox } from '#server/outbox/index.ts';
import { donorChannels } from './donor-channels';
import { absoluteLinks } from './manage-link.server';
import {
  campaignBrief,
  type DueInstalment,
  dueInstalments,
  earlierRetrying,
  type InstalmentRow,
  insertInstalmentDonation,
  instalmentsOf,
  lockInstalment,
  lockPlan,
  type PlanRow,
  setDonationInvoice,
  updateInstalment,
  updatePlan,
} from './plan-repo.server';
import { DAY_MS, DONATION_PAY_WITHIN_MS, nextRetryAt, planChangeable } from './plan-rules';
import { ensureSchedule, type ProvidersFor } from './plans.server';

/** The once-per-key names of the instalment work (job_runs.job). */
export const CHARGE_JOB = 'donations.charge-instalment';
export const INVOICE_JOB = 'donations.invoice-instalment';

export const defaultProviders: ProvidersFor = (db) => paymentProviders({ db });

export interface InstalmentCounts {
  charged: number;
  declined: number;
  failed: number;
  invoiced: number;
  pending: number;
}

/**
 * The recurring job's run: every instalment of an active plan due by `now` in its tenant's own
 * day (missed days included: after downtime the next run catches up), oldest first. A card plan's
 * instalment is charged off-session once per attempt (runOnce on plan, instalment and attempt),
 * an online-banking or counter plan's is invoiced once (runOnce on plan and instalment) and the
 * donor gets the pay-link. A failure of one instalment is logged and does not stop the others.
 */
export async function runDueInstalments(
  db: Db,
  now: Date,
  options: { providersFor?: ProvidersFor } = {},
): Promise<InstalmentCounts> {
  const providersFor = options.providersFor ?? defaultProviders;
  const counts: InstalmentCounts = { charged: 0, declined: 0, failed: 0, invoiced: 0, pending: 0 };
  // Every tenant's day is at most a day ahead of UTC's; each row is then held to its own.
  const latest = zonedDate(new Date(now.getTime() + DAY_MS), 'UTC');
  const rows = (await dueInstalments(db, latest, now)).filter((row) => row.dueOn <= zonedDate(now, row.timeZone));
  for (const row of rows) {
    try {
      const outcome =
        row.method === 'card'
          ? await chargeInstalment(db, row, now, providersFor)
          : await invoiceInstalment(db, row, now);
      if (outcome !== 'skipped') counts[outcome] += 1;
    } catch (error) {
      log.error('instalment not processed', { planId: row.planId, seq: row.seq, ...errorFields(error) });
    }
  }
  if (counts.invoiced + counts.failed + counts.charged > 0) kickOutbox();
  return counts;
}

type Outcome = keyof InstalmentCounts | 'skipped';

/** The instalment's pending gift and its invoice: the ones it already has (a retry), or new ones. */
async function giftAndInvoice(tx: Db, tenant: Tenant, plan: PlanRow, instalment: InstalmentRow) {
  if (instalment.invoiceId && instalment.donationId) {
    const row = await findInvoiceRow(tx, tenant.id, instalment.invoiceId);
    if (row) {
      return {
        donationId: instalment.donationId,
        invoice: {
          id: row.id,
          publicId: row.publicId,
          subtotal: row.subtotal,
          currency: { ...tenant.currency, code: row.currencyCode },
        },
      };
    }
  }
  const campaign = await campaignBrief(tx, tenant.id, plan.campaignId);
  const donation = await insertInstalmentDonation(tx, plan, {
    publicId: newPublicId(),
    seq: instalment.seq,
    invoiceId: null,
    amountMinor: plan.amountMinor,
    feeMinor: plan.feeMinor,
  });
  const invoice = await startCheckoutIn(tx, {
    tenantId: tenant.id,
    currency: tenant.currency,
    kind: 'donation',
    lines: [
      {
        description: campaign?.title ?? { en: tenant.name },
        quantity: 1,
        // The gift and the fee the donor covers, as the checkout's lines (the gift's row keeps them apart).
        unitAmount: plan.amountMinor + plan.feeMinor,
        source: { kind: 'donation', id: donation.id },
      },
    ],
    contact: { name: plan.donorName ?? '', phone: plan.phone, email: plan.email },
    customerId: plan.customerId,
    locale: plan.locale,
  });
  await setDonationInvoice(tx, tenant.id, donation.id, invoice.id);
  await updateInstalment(tx, tenant.id, plan.id, instalment.seq, { invoiceId: invoice.id, donationId: donation.id });
  return { donationId: donation.id, invoice };
}

/** Locks the plan and the instalment and checks they are still what the run saw. */
async function claim(tx: Db, row: DueInstalment) {
  const plan = await lockPlan(tx, row.tenantId, row.planId);
  if (plan?.status !== 'active') return null;
  const instalment = await lockInstalment(tx, row.tenantId, row.planId, row.seq);
  if (instalment?.status !== 'scheduled' || instalment.attempts !== row.attempts) return null;
  const tenant = await findTenantById(tx, row.tenantId);
  if (!tenant) return null;
  return { plan, instalment, tenant };
}

async function chargeInstalment(db: Db, row: DueInstalment, now: Date, providersFor: ProvidersFor): Promise<Outcome> {
  const attempt = row.attempts + 1;
  const key = `${row.planId}:${row.seq}:${attempt}`;
  const result = await runOnce(db, CHARGE_JOB, key, async (tx): Promise<Outcome> => {
    const claimed = await claim(tx, row);
    if (!claimed) return 'skipped';
    const { plan, instalment, tenant } = claimed;
    // A later instalment waits while an earlier one is between retries.
    if (await earlierRetrying(tx, tenant.id, plan.id, instalment.seq)) return 'skipped';
    const { invoice } = await giftAndInvoice(tx, tenant, plan, instalment);
    const charge = plan.providerMethodRef
      ? await chargeSavedMethod(tx, providersFor(tx), {
          tenantId: tenant.id,
          invoice,
          provider: (plan.provider ?? 'sandbox') as ProviderName,
          saved: { customerRef: plan.providerCustomerRef, methodRef: plan.providerMethodRef },
          fee: 0,
          idempotencyKey: `instalment-${key}`,
          description: `${tenant.name}: ${plan.publicId} ${instalment.seq}/${plan.count}`,
          now,
        })
      : ({ status: 'declined', failureReason: 'no saved card' } as const);
    if (charge.status === 'paid') return 'charged'; // donation.paid has counted it on the plan
    if (charge.status === 'pending') {
      await updateInstalment(tx, tenant.id, plan.id, instalment.seq, { attempts: attempt, status: 'invoiced' });
      return 'pending';
    }
    const retryAt = nextRetryAt(attempt, now);
    if (retryAt) {
      await updateInstalment(tx, tenant.id, plan.id, instalment.seq, { attempts: attempt, nextAttemptAt: retryAt });
      return 'declined';
    }
    await updateInstalment(tx, tenant.id, plan.id, instalment.seq, {
      attempts: attempt,
      status: 'failed',
      nextAttemptAt: null,
    });
    await updatePlan(tx, tenant.id, plan.id, { status: 'failing', failures: plan.failures + 1 }, now);
    await tellDonor(tx, tenant, plan, 'donation-card-failed', instalment.seq);
    return 'failed';
  });
  return result.ran ? result.value : 'skipped';
}

async function invoiceInstalment(db: Db, row: DueInstalment, now: Date): Promise<Outcome> {
  const result = await runOnce(db, INVOICE_JOB, `${row.planId}:${row.seq}`, async (tx): Promise<Outcome> => {
    const claimed = await claim(tx, row);
    if (!claimed) return 'skipped';
    const { plan, instalment, tenant } = claimed;
    const { invoice } = await giftAndInvoice(tx, tenant, plan, instalment);
    // The pay-link's invoice expires unpaid after a week: the instalment is then skipped (effects.server.ts).
    await setInvoiceDueAt(tx, tenant.id, invoice.id, new Date(now.getTime() + DONATION_PAY_WITHIN_MS));
    await updateInstalment(tx, tenant.id, plan.id, instalment.seq, { attempts: 1, status: 'invoiced' });
    await tellDonor(tx, tenant, plan, 'donation-pay-link', instalment.seq, invoice.publicId);
    return 'invoiced';
  });
  return result.ran ? result.value : 'skipped';
}

/** The pay-link or the card-declined notice with the manage link, by every channel the donor gave (SMS, e-mail). */
async function tellDonor(
  tx: Db,
  tenant: Tenant,
  plan: PlanRow,
  template: 'donation-pay-link' | 'donation-card-failed',
  seq: number,
  invoicePublicId?: string,
): Promise<void> {
  const locale = isLocale(plan.locale) ? plan.locale : 'en';
  const campaign = await campaignBrief(tx, tenant.id, plan.campaignId);
  const links = absoluteLinks(tenant, locale);
  const common = {
    organisation: tenant.name,
    name: plan.anonymous ? '' : (plan.donorName ?? ''),
    campaign: localized(campaign?.title ?? {}, locale) || tenant.name,
    amount: formatMoney(plan.amountMinor + (template === 'donation-card-failed' ? plan.feeMinor : 0), tenant.currency),
  };
  for (const { channel, destination } of donorChannels(plan)) {
    const to = { tenantId: tenant.id, channel, destination, locale };
    await enqueueMessage(
      tx,
      template === 'donation-pay-link'
        ? {
            ...to,
            template,
            payload: { ...common, seq, count: plan.count, link: links.invoice(invoicePublicId ?? '') },
          }
        : { ...to, template, payload: { ...common, link: links.plan(plan.id) } },
    );
  }
}

export type CardUpdateResult =
  | { ok: true; invoicePublicId: string }
  | { ok: false; reason: 'not_found' | 'not_changeable' | 'not_card' | 'nothing_due' };

/**
 * The donor gives another card from the manage page: the instalment that needs paying — the one
 * the old card failed, else the next one — gets its invoice (the one it has, or a new one), marked
 * to keep the card that pays it. The donor pays it now on the invoice page; once paid, that card
 * is the plan's (recordPlanCharge) and a failing plan is active again.
 */
export async function startCardUpdate(db: Db, input: { tenantId: string; planId: string }): Promise<CardUpdateResult> {
  return transaction(
    db,
    async (tx): Promise<CardUpdateResult> => {
      const plan = await lockPlan(tx, input.tenantId, input.planId);
      if (!plan) return { ok: false, reason: 'not_found' };
      if (!planChangeable(plan.status) || plan.status === 'pending') return { ok: false, reason: 'not_changeable' };
      if (plan.method !== 'card') return { ok: false, reason: 'not_card' };
      const tenant = await findTenantById(tx, input.tenantId);
      if (!tenant) return { ok: false, reason: 'not_found' };
      await ensureSchedule(tx, plan);
      const instalments = await instalmentsOf(tx, tenant.id, plan.id);
      const target =
        instalments.find((i) => i.status === 'failed') ??
        instalments.find((i) => i.status === 'invoiced' && i.invoiceId) ??
        instalments.find((i) => i.status === 'scheduled');
      if (!target) return { ok: false, reason: 'nothing_due' };
      const { invoice } = await giftAndInvoice(tx, tenant, plan, target);
      await setSavesPaymentMethod(tx, tenant.id, invoice.id);
      // The job leaves it alone while the donor pays it here.
      await updateInstalment(tx, tenant.id, plan.id, target.seq, { status: 'invoiced', nextAttemptAt: null });
      return { ok: true, invoicePublicId: invoice.publicId };
    },
    { name: 'plan-card-update' },
  );
}
