import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findInvoiceRow } from '#features/invoices/index.server.ts';
import { findPayment, type SavedProviders, savedMethodOfPayment } from '#features/payments/index.server.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { donationSettings } from './checkout-repo.server';
import { coverFee } from './fees';
import { giftMaximum } from './gift-limits';
import {
  campaignBrief,
  type DonationRow,
  ensureInstalments,
  instalmentsOf,
  lockPlan,
  type PlanRow,
  skipOpenInstalments,
  updateInstalment,
  updatePlan,
} from './plan-repo.server';
import { amountAllowed, type CancelReason, planChangeable, planProgress } from './plan-rules';
import { donationFeeRates } from './receipt-repo.server';
import { scheduleDates } from './schedule';

/** Builds the payment providers a use case talks to, on a database handle (tests pass stand-ins). */
export type ProvidersFor = (db: Db) => SavedProviders;

/** Writes a plan's whole schedule where it is missing (the checkout may have written only the first). */
export async function ensureSchedule(tx: Db, plan: PlanRow): Promise<void> {
  await ensureInstalments(tx, plan, scheduleDates(plan.anchorDate, plan.frequency, plan.count));
}

/**
 * A gift of a plan was paid (`donation.paid`, in its transaction): its instalment is paid, the
 * plan counts it — active after its first charge (or again after a card update), completed after
 * `count` — and its next charge day moves on. When the donor was there to pay by card (the first
 * checkout, a card update: the invoice saves the card), the provider's saved card becomes the
 * plan's for the instalments charged without them.
 */
export async function recordPlanCharge(
  tx: Db,
  providersFor: ProvidersFor,
  input: { tenantId: string; donation: DonationRow; paymentId: string | null; now: Date },
): Promise<PlanRow | null> {
  const { tenantId, donation } = input;
  if (!donation.planId) return null;
  const plan = await lockPlan(tx, tenantId, donation.planId);
  if (!plan) return null;
  await ensureSchedule(tx, plan);
  await updateInstalment(tx, tenantId, plan.id, donation.instalmentSeq ?? 1, {
    status: 'paid',
    donationId: donation.id,
    invoiceId: donation.invoiceId,
    nextAttemptAt: null,
  });
  const progress = planProgress(plan.count, await instalmentsOf(tx, tenantId, plan.id));
  const patch: Partial<PlanRow> = { chargesMade: progress.chargesMade, nextChargeOn: progress.nextChargeOn };
  if (plan.status !== 'cancelled') patch.status = progress.completed ? 'completed' : 'active';
  if (plan.status === 'failing') patch.failures = 0;
  // The donor picks the method after the checkout: the first payment's is the plan's.
  const payment = input.paymentId ? await findPayment(tx, tenantId, input.paymentId) : null;
  if (plan.status === 'pending' && payment) {
    patch.method = payment.method;
    patch.provider = payment.provider;
  }
  if ((patch.method ?? plan.method) === 'card' && payment?.method === 'card' && donation.invoiceId) {
    const invoice = await findInvoiceRow(tx, tenantId, donation.invoiceId);
    if (invoice?.savesPaymentMethod || !plan.providerMethodRef) {
      try {
        const found = await savedMethodOfPayment(tx, providersFor(tx), tenantId, payment.id);
        if (found) {
          patch.provider = found.provider;
          patch.providerCustomerRef = found.saved.customerRef;
          patch.providerMethodRef = found.saved.methodRef;
        }
      } catch (error) {
        // The gift stays paid; the charge job asks the provider again before the next instalment.
        log.warn('saved card not read from the provider', { planId: plan.id, ...errorFields(error) });
      }
    }
  }
  await updatePlan(tx, tenantId, plan.id, patch, input.now);
  return { ...plan, ...patch };
}

export type PlanChangeResult =
  | { ok: true; plan: PlanRow }
  | { ok: false; reason: 'not_found' | 'not_changeable' | 'amount'; limits?: { min: number; max: number | null } };

/** The donor cancels: no later instalment is charged or invoiced; gifts made stay made. */
export async function cancelPlan(
  db: Db,
  input: { tenantId: string; planId: string; reason: CancelReason | null; now?: Date },
): Promise<PlanChangeResult> {
  return changePlan(db, input, 'cancel-plan', async (tx, plan) => {
    await ensureSchedule(tx, plan);
    await skipOpenInstalments(tx, input.tenantId, plan.id);
    return { status: 'cancelled' as const, cancelReason: input.reason ?? 'none', nextChargeOn: null };
  });
}

/**
 * The donor changes the amount of the remaining gifts, within the campaign's and the tenant's limits; a covered fee
 * follows the new amount at the tenant's rate for the plan's method.
 */
export async function changePlanAmount(
  db: Db,
  input: { tenantId: string; planId: string; amountMinor: number; now?: Date },
): Promise<PlanChangeResult> {
  return changePlan(db, input, 'change-plan-amount', async (tx, plan) => {
    const campaign = await campaignBrief(tx, input.tenantId, plan.campaignId);
    const tenant = await findTenantById(tx, input.tenantId);
    if (!tenant) return { ok: false, reason: 'not_found' } as const;
    // The form's limits: the campaign's, within the tenant's (the largest gift is never unbounded).
    const settings = await donationSettings(tx, tenant);
    const limits = {
      min: Math.max(campaign?.minAmountMinor ?? 1, settings.minMinor),
      max: giftMaximum(campaign?.maxAmountMinor ?? null, settings.maxMinor),
    };
    if (!amountAllowed(input.amountMinor, limits)) return { ok: false, reason: 'amount', limits } as const;
    const feeMinor =
      plan.feeMinor > 0 ? coverFee(input.amountMinor, (await donationFeeRates(tx, input.tenantId))[plan.method]) : 0;
    return { amountMinor: input.amountMinor, feeMinor };
  });
}

type PlanPatch = Parameters<typeof updatePlan>[3];

/**
 * A donor's change to a plan, in one transaction: the plan locked, refused when missing or no longer changeable;
 * `change` answers the columns to write (or a refusal), written with the plan's update time.
 */
async function changePlan(
  db: Db,
  input: { tenantId: string; planId: string; now?: Date | undefined },
  name: string,
  change: (tx: Db, plan: PlanRow) => Promise<PlanPatch | Extract<PlanChangeResult, { ok: false }>>,
): Promise<PlanChangeResult> {
  const now = input.now ?? new Date();
  return transaction(
    db,
    async (tx) => {
      const plan = await lockPlan(tx, input.tenantId, input.planId);
      if (!plan) return { ok: false, reason: 'not_found' } as const;
      if (!planChangeable(plan.status)) return { ok: false, reason: 'not_changeable' } as const;
      const patch = await change(tx, plan);
      if ('ok' in patch) return patch;
      await updatePlan(tx, input.tenantId, plan.id, patch, now);
      return { ok: true, plan: { ...plan, ...patch } } as const;
    },
    { name },
  );
}
