import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { payments, REFUND_REASONS, refunds } from '#db/schema/index.ts';
import { transaction } from '#db/transaction.server.ts';
import type { LineSource } from '#features/invoices/index.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import type { PaymentRow } from './payment-repo.server';
import type { PaymentProvider, ProviderName, RefundOutcome } from './provider';
import { lockPayment, refundedSoFar } from './refund-repo.server';

// Refunds are a payments record: money going back on one payment, with its cause, who and when.
// Two rules hold whatever runs at once: a payment is never refunded beyond its amount (checked
// with the payment row locked, in the refund's own transaction), and one cause is recorded once
// (a unique (payment, reason) key for the automatic causes).

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = (typeof REFUND_REASONS)[number];
export { REFUND_REASONS };

export interface RefundProviders {
  byName(name: ProviderName): Pick<PaymentProvider, 'refund'> | null;
}

type Claim =
  | { kind: 'created'; refund: RefundRow; payment: PaymentRow; currency: string }
  | { kind: 'existing'; refund: RefundRow; payment: PaymentRow; currency: string }
  | { kind: 'refused'; reason: 'not_found' | 'not_paid' | 'exceeds_payment' };

/**
 * Records a refund of a paid payment with the given status, inside `tx`: the payment row is locked
 * first, so concurrent refunds of one payment run one after the other and the sum check sees the
 * others. An automatic cause already recorded returns the existing row. `amount` defaults to what
 * is left of the payment.
 */
async function claimRefund(
  tx: Db,
  input: {
    tenantId: string;
    paymentId: string;
    reason: RefundReason;
    amount?: number | undefined;
    status: 'due' | 'pending';
    staffId?: string | null | undefined;
    source?: LineSource | undefined;
    at: Date;
  },
): Promise<Claim> {
  const locked = await lockPayment(tx, input.tenantId, input.paymentId);
  if (!locked) return { kind: 'refused', reason: 'not_found' };
  const { payment, currency } = locked;
  if (payment.status !== 'paid') return { kind: 'refused', reason: 'not_paid' };
  if (input.reason !== 'staff') {
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(
        and(eq(refunds.tenantId, input.tenantId), eq(refunds.paymentId, payment.id), eq(refunds.reason, input.reason)),
      );
    if (existing) return { kind: 'existing', refund: existing, payment, currency };
  }
  if (input.source) {
    // One line is given back once: a second click finds the refund of that line (a failed one may go again).
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.tenantId, input.tenantId),
          eq(refunds.paymentId, payment.id),
          eq(refunds.sourceKind, input.source.kind),
          eq(refunds.sourceId, input.source.id),
        ),
      )
      .orderBy(desc(refunds.requestedAt))
      .limit(1);
    if (existing) return { kind: 'existing', refund: existing, payment, currency };
  }
  const left = payment.amount - (await refundedSoFar(tx, input.tenantId, payment.id));
  const amount = input.amount ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
    return { kind: 'refused', reason: 'exceeds_payment' };
  const [created] = await tx
    .insert(refunds)
    .values({
      tenantId: input.tenantId,
      paymentId: payment.id,
      amount,
      reason: input.reason,
      status: input.status,
      requestedAt: input.at,
      recordedByStaffId: input.staffId ?? null,
      sourceKind: input.source?.kind ?? null,
      sourceId: input.source?.id ?? null,
    })
    .returning();
  if (!created) throw new Error('refund not recorded');
  return { kind: 'created', refund: created, payment, currency };
}

/**
 * Records that money is owed back on a paid payment (paid twice, a late payment that lost its
 * slot, a paid booking cancelled), inside the caller's transaction: a 'due' refund of what is left
 * of the payment, once per cause. Returns the refund (the one recorded before, for a cause seen
 * again), or null when the payment is not paid or nothing is left to refund.
 */
export async function recordRefundDue(
  tx: Db,
  input: { tenantId: string; paymentId: string; reason: Exclude<RefundReason, 'staff'>; at?: Date },
): Promise<RefundRow | null> {
  const claim = await claimRefund(tx, { ...input, status: 'due', at: input.at ?? new Date() });
  if (claim.kind === 'refused') {
    log.warn('refund due not recorded', { paymentId: input.paymentId, reason: claim.reason });
    return null;
  }
  return claim.refund;
}

export type RefundResult =
  | { ok: true; changed: boolean; refund: RefundRow }
  | { ok: false; reason: 'not_found' | 'not_paid' | 'exceeds_payment' | 'no_provider' | 'provider_failed' };

/**
 * Gives money back through the payment's provider, exactly once per cause: the refund row is
 * recorded 'pending' (or a 'due' or 'failed' one for the cause claimed) in one transaction with the payment locked, the
 * provider is asked once the row has committed, and the outcome is written back — with the
 * `payment.refunded` event in that same transaction when the money went back. A counter refund
 * stays 'due' until staff record that they handed it over.
 */
export async function refundPayment(
  db: Db,
  providers: RefundProviders,
  input: {
    tenantId: string;
    paymentId: string;
    reason: RefundReason;
    amount?: number;
    /** The invoice line given back (one gift of a cart): recorded on the refund, refunded once. */
    source?: LineSource;
    staffId?: string | null;
    now?: Date;
  },
): Promise<RefundResult> {
  const at = input.now ?? new Date();
  const claimed = await transaction(
    db,
    async (tx) => {
      const claim = await claimRefund(tx, { ...input, status: 'pending', at });
      if (claim.kind !== 'existing') return claim;
      const { refund } = claim;
      if (refund.status !== 'due' && refund.status !== 'failed') return claim;
      // A failed refund counts again once retried: it must still fit in what is left.
      if (refund.status === 'failed') {
        const left = claim.payment.amount - (await refundedSoFar(tx, input.tenantId, claim.payment.id));
        if (refund.amount > left) return { kind: 'refused' as const, reason: 'exceeds_payment' as const };
      }
      // A cause recorded as due (or failed): whoever moves it to pending asks the provider; the others see it.
      const [taken] = await tx
        .update(refunds)
        .set({ status: 'pending', failureReason: null, completedAt: null })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, refund.status)))
        .returning();
      return taken ? { ...claim, kind: 'created' as const, refund: taken } : claim;
    },
    { name: 'refund-claim' },
  );
  if (claimed.kind === 'refused') return { ok: false, reason: claimed.reason };
  if (claimed.kind === 'existing') return { ok: true, changed: false, refund: claimed.refund };

  const { refund, payment, currency } = claimed;
  const provider = providers.byName(payment.provider);
  let outcome: RefundOutcome;
  try {
    if (!provider) throw new Error(`no ${payment.provider} provider`);
    outcome = await provider.refund({
      refundId: refund.id,
      payment: { id: payment.id, providerRef: payment.providerRef, currency },
      amount: refund.amount,
      reason: refund.reason,
    });
  } catch (error) {
    log.warn('refund refused by the provider', { refundId: refund.id, ...errorFields(error) });
    await db
      .update(refunds)
      .set({
        status: 'failed',
        completedAt: at,
        failureReason: error instanceof Error ? error.message.slice(0, 200) : 'error',
      })
      .where(and(eq(refunds.tenantId, input.tenantId), eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    return { ok: false, reason: provider ? 'provider_failed' : 'no_provider' };
  }

  let afterCommit: AfterCommit[] = [];
  const written = await transaction(
    db,
    async (tx) => {
      afterCommit = [];
      const [row] = await tx
        .update(refunds)
        .set({
          status: outcome.status,
          providerRef: outcome.providerRef,
          ...(outcome.status === 'succeeded' ? { completedAt: at, recordedByStaffId: input.staffId ?? null } : {}),
        })
        .where(and(eq(refunds.tenantId, input.tenantId), eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning();
      if (row?.status === 'succeeded') {
        afterCommit = await events.emit(tx, 'payment.refunded', { tenantId: input.tenantId, refund: row, payment, at });
      }
      return row ?? refund;
    },
    { name: 'refund-outcome' },
  );
  await runAfterCommit(afterCommit, (error) => log.warn('after-refund effect failed', errorFields(error)));
  return { ok: true, changed: true, refund: written };
}

/**
 * Staff give back what is owed on an invoice through the gateway that took the money (instead of
 * handing cash over): every due — or earlier failed — refund of its card or online-banking
 * payments goes through `refundPayment`, so each is asked of the gateway once. Counter payments
 * are left to "mark refunded". Returns how many went back and how many the gateway refused.
 */
export async function refundDueThroughGateway(
  db: Db,
  providers: RefundProviders,
  input: { tenantId: string; invoiceId: string; staffId: string; now?: Date },
): Promise<{ refunded: number; failed: number }> {
  const owed = await db
    .select({ refund: refunds, provider: payments.provider })
    .from(refunds)
    .innerJoin(payments, and(eq(payments.id, refunds.paymentId), eq(payments.tenantId, input.tenantId)))
    .where(
      and(
        eq(refunds.tenantId, input.tenantId),
        eq(payments.invoiceId, input.invoiceId),
        inArray(refunds.status, ['due', 'failed']),
        ne(payments.provider, 'counter'),
        ne(refunds.reason, 'staff'),
      ),
    );
  let refunded = 0;
  let failed = 0;
  for (const { refund } of owed) {
    const result = await refundPayment(db, providers, {
      tenantId: input.tenantId,
      paymentId: refund.paymentId,
      reason: refund.reason,
      staffId: input.staffId,
      ...(input.now ? { now: input.now } : {}),
    });
    if (result.ok && result.refund.status !== 'failed') refunded += 1;
    else failed += 1;
  }
  return { refunded, failed };
}

/**
 * A refund the provider answered `pending` finished (Stripe's refund.updated): the row moves from
 * pending to succeeded — with `payment.refunded`, in the same transaction — or to failed, once.
 * `before` runs first in that transaction (storing the webhook event; false = seen already).
 * Found by our id or, failing that, the provider's refund reference, always within the tenant.
 */
export async function settleRefund(
  db: Db,
  input: {
    tenantId: string;
    refundId: string | null;
    providerRef: string;
    status: 'succeeded' | 'failed';
    failureReason?: string | undefined;
    before?: (tx: Db) => Promise<boolean>;
    now?: Date;
  },
): Promise<{ changed: boolean; duplicate: boolean; refund: RefundRow | null }> {
  const at = input.now ?? new Date();
  let afterCommit: AfterCommit[] = [];
  const result = await transaction(
    db,
    async (tx) => {
      afterCommit = [];
      if (input.before && !(await input.before(tx))) return { changed: false, duplicate: true, refund: null };
      const which = input.refundId ? eq(refunds.id, input.refundId) : eq(refunds.providerRef, input.providerRef);
      const [row] = await tx
        .update(refunds)
        .set(
          input.status === 'succeeded'
            ? { status: 'succeeded', completedAt: at, providerRef: input.providerRef }
            : { status: 'failed', completedAt: at, failureReason: (input.failureReason ?? 'failed').slice(0, 200) },
        )
        .where(and(eq(refunds.tenantId, input.tenantId), which, eq(refunds.status, 'pending')))
        .returning();
      if (!row) return { changed: false, duplicate: false, refund: null };
      if (row.status === 'succeeded') {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.tenantId, input.tenantId), eq(payments.id, row.paymentId)));
        if (payment)
          afterCommit = await events.emit(tx, 'payment.refunded', {
            tenantId: input.tenantId,
            refund: row,
            payment,
            at,
          });
      }
      return { changed: true, duplicate: false, refund: row };
    },
    { name: 'refund-settle' },
  );
  await runAfterCommit(afterCommit, (error) => log.warn('after-refund effect failed', errorFields(error)));
  return result;
}

/**
 * Staff record that they gave back the money of the due refunds on an invoice's payments (cash at
 * the counter, a transfer): each becomes succeeded with who and when, once, inside `tx`, and
 * `payment.refunded` is emitted for each. Returns the refunds recorded now (none when nothing was due).
 */
export async function recordRefundsMade(
  tx: Db,
  input: { tenantId: string; invoiceId: string; staffId: string; at: Date },
): Promise<{ refunds: RefundRow[]; afterCommit: AfterCommit[] }> {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, input.tenantId), eq(payments.invoiceId, input.invoiceId)));
  if (paid.length === 0) return { refunds: [], afterCommit: [] };
  const made = await tx
    .update(refunds)
    .set({ status: 'succeeded', completedAt: input.at, recordedByStaffId: input.staffId })
    .where(
      and(
        eq(refunds.tenantId, input.tenantId),
        inArray(
          refunds.paymentId,
          paid.map((p) => p.id),
        ),
        eq(refunds.status, 'due'),
      ),
    )
    .returning();
  const afterCommit: AfterCommit[] = [];
  for (const refund of made) {
    const payment = paid.find((p) => p.id === refund.paymentId) as PaymentRow;
    afterCommit.push(
      ...(await events.emit(tx, 'payment.refunded', { tenantId: input.tenantId, refund, payment, at: input.at })),
    );
  }
  return { refunds: made, afterCommit };
}
