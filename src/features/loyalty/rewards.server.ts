// Spending points (issue 14): a counter voucher, or a discount on an appointment checkout held
// while its booking is held. Every path locks the member first, then the reward, so concurrent
// redemptions queue; the lots' check constraint has the last word.
import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findBooking } from '#features/booking/index.server.ts';
import {
  addDiscountLine,
  findInvoiceRow,
  type InvoiceRow,
  invoiceByPublicId,
  lineSources,
  lineSourcesOf,
  sourceIdOf,
} from '#features/invoices/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { log } from '#lib/logger.server.ts';
import { debit, giveBack, takeBack } from './ledger.server';
import { entryByKey, insertEntry } from './loyalty-ledger-repo.server';
import {
  closeHold,
  deferHold,
  dueHolds,
  holdOfInvoice,
  insertHold,
  insertVoucher,
  markVoucherUsed,
  voucherByCode,
} from './loyalty-redemption-repo.server';
import {
  allowedRewardKinds,
  giveStockBack,
  type HoldRow,
  lockMember,
  lockReward,
  type MemberRow,
  memberById,
  programmeById,
  type RewardRow,
  rewardById,
  takeStock,
  type VoucherRow,
} from './loyalty-repo.server';
import { discountOf, normaliseVoucherCode, voucherCode } from './loyalty-rules';
import { notifyMember } from './notify.server';

export type RedeemRefusal =
  | 'member_not_found'
  | 'reward_not_found'
  | 'not_allowed'
  | 'not_enough'
  | 'out_of_stock'
  | 'invoice_not_found'
  | 'already_applied'
  | 'not_applicable'
  | 'payment_started';

class Refused extends Error {
  constructor(readonly reason: RedeemRefusal) {
    super(reason);
  }
}

const DISCOUNT_KINDS = new Set(['discount_fixed', 'discount_percent', 'free_service']);

/** The reward under lock, refused unless it is on offer now in the member's programme and allowed. */
async function usableReward(tx: Db, member: MemberRow, rewardId: string, now: Date): Promise<RewardRow> {
  const reward = await lockReward(tx, member.tenantId, rewardId);
  if (!reward?.active || reward.programmeId !== member.programmeId) throw new Refused('reward_not_found');
  if ((reward.validFrom && reward.validFrom > now) || (reward.validUntil && reward.validUntil <= now))
    throw new Refused('reward_not_found');
  if (!(await allowedRewardKinds(tx, member.tenantId)).includes(reward.kind)) throw new Refused('not_allowed');
  return reward;
}

async function lockedMember(tx: Db, tenantId: string, memberId: string, customerId: string | null) {
  const member = await lockMember(tx, tenantId, memberId);
  if (!member || (customerId !== null && member.customerId !== customerId)) throw new Refused('member_not_found');
  const programme = await programmeById(tx, tenantId, member.programmeId);
  if (!programme?.active) throw new Refused('member_not_found');
  return { member, programme };
}

export type RedeemResult = { ok: true; voucher: VoucherRow } | { ok: false; reason: RedeemRefusal };

/**
 * Redeems a reward for a counter voucher (a code and QR code): the points are spent now. Of any
 * number of concurrent redemptions only those the balance covers succeed.
 */
export async function redeemForVoucher(
  db: Db,
  input: { tenantId: string; memberId: string; customerId: string | null; rewardId: string; now?: Date },
): Promise<RedeemResult> {
  const now = input.now ?? new Date();
  try {
    const voucher = await transaction(
      db,
      async (tx) => {
        const { member, programme } = await lockedMember(tx, input.tenantId, input.memberId, input.customerId);
        const reward = await usableReward(tx, member, input.rewardId, now);
        const voucherId = crypto.randomUUID();
        const spent = await debit(tx, {
          tenantId: input.tenantId,
          memberId: member.id,
          kind: 'redeem',
          points: reward.pointsCost,
          key: `redeem:voucher:${voucherId}`,
          reason: 'loyalty.reason.redeemed',
          sourceKind: 'reward',
          sourceId: reward.id,
          now,
        });
        if (!spent.ok) throw new Refused(spent.reason === 'not_enough' ? 'not_enough' : 'member_not_found');
        if (reward.stock !== null && !(await takeStock(tx, input.tenantId, reward.id)))
          throw new Refused('out_of_stock');
        const row = await insertVoucher(tx, {
          id: voucherId,
          tenantId: input.tenantId,
          memberId: member.id,
          rewardId: reward.id,
          code: voucherCode(randomBytes(10)),
          validUntil: new Date(now.getTime() + reward.voucherDays * 86_400_000),
          createdAt: now,
        } as Parameters<typeof insertVoucher>[1]);
        await notifyMember(tx, member, programme, {
          template: 'loyalty-reward-redeemed',
          reward: reward.name as Record<string, string>,
          code: row.code,
        });
        return row;
      },
      { name: 'loyalty-redeem' },
    );
    return { ok: true, voucher };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

export type ApplyResult = { ok: true; hold: HoldRow; discount: number } | { ok: false; reason: RedeemRefusal };

/**
 * Applies a discount reward to the customer's open appointment invoice: the points are held (drawn
 * from their lots) until the booking's hold ends — spent when the invoice is paid, given back when
 * it lapses — and the invoice gets a discount line. One reward per invoice.
 */
export async function applyRewardToInvoice(
  db: Db,
  input: {
    tenant: Tenant;
    memberId: string;
    customerId: string;
    rewardId: string;
    invoicePublicId: string;
    now?: Date;
  },
): Promise<ApplyResult> {
  const now = input.now ?? new Date();
  const invoice = await invoiceByPublicId(db, input.tenant, input.invoicePublicId, 'appointment');
  if (!invoice || invoice.customerId !== input.customerId || invoice.status !== 'open' || !invoice.dueAt)
    return { ok: false, reason: 'invoice_not_found' };
  if (invoice.dueAt <= now) return { ok: false, reason: 'invoice_not_found' };
  const charges = invoice.lines.filter((l) => l.source?.kind === 'booking').reduce((s, l) => s + l.amount, 0);
  const dueAt = invoice.dueAt;
  try {
    const result = await transaction(
      db,
      async (tx) => {
        const { member } = await lockedMember(tx, input.tenant.id, input.memberId, input.customerId);
        const reward = await usableReward(tx, member, input.rewardId, now);
        if (!DISCOUNT_KINDS.has(reward.kind)) throw new Refused('not_applicable');
        // A reward for one service ("15% off a health screening") goes only on a booking of it.
        if (reward.serviceId) {
          const bookingId = sourceIdOf(lineSources(invoice), 'booking');
          const booking = bookingId ? await findBooking(tx, input.tenant.id, bookingId) : null;
          if (booking?.serviceId !== reward.serviceId) throw new Refused('not_applicable');
        }
        const discount = discountOf(reward, charges);
        if (discount <= 0) throw new Refused('not_applicable');
        if (await holdOfInvoice(tx, input.tenant.id, invoice.id)) throw new Refused('already_applied');
        const spent = await debit(tx, {
          tenantId: input.tenant.id,
          memberId: member.id,
          kind: 'hold',
          points: reward.pointsCost,
          key: `hold:invoice:${invoice.id}`,
          reason: 'loyalty.reason.held',
          sourceKind: 'invoice',
          sourceId: invoice.displayNumber,
          now,
        });
        if (!spent.ok) throw new Refused(spent.reason === 'replayed' ? 'already_applied' : 'not_enough');
        if (reward.stock !== null && !(await takeStock(tx, input.tenant.id, reward.id)))
          throw new Refused('out_of_stock');
        const hold = await insertHold(tx, {
          tenantId: input.tenant.id,
          memberId: member.id,
          rewardId: reward.id,
          invoiceId: invoice.id,
          points: reward.pointsCost,
          expiresAt: dueAt,
          createdAt: now,
        });
        if (!hold) throw new Refused('already_applied');
        const taken = await addDiscountLine(tx, input.tenant.id, invoice.id, {
          description: reward.name,
          unitAmount: discount,
          source: { kind: 'reward', id: hold.id },
        });
        if (!taken.ok) throw new Refused(taken.reason === 'payment_started' ? 'payment_started' : 'invoice_not_found');
        return { hold, discount: taken.taken };
      },
      { name: 'loyalty-apply-reward' },
    );
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * The invoice a hold discounts was paid: the held points are spent (once). A hold that lapsed
 * before a late payment arrived takes its points again (owed if the balance no longer has them:
 * the discount was given).
 */
export async function spendHoldOnPaid(tx: Db, input: { tenantId: string; invoice: InvoiceRow; at: Date }) {
  const hold = await holdOfInvoice(tx, input.tenantId, input.invoice.id);
  if (!hold || hold.status === 'spent') return false;
  const member = await memberById(tx, input.tenantId, hold.memberId);
  if (!member) return false;
  if (hold.status === 'released') {
    const programme = await programmeById(tx, input.tenantId, member.programmeId);
    await takeBack(tx, {
      tenantId: input.tenantId,
      memberId: member.id,
      allowNegative: true,
      kind: 'adjust',
      points: hold.points,
      firstLotId: null,
      key: `spend-late:hold:${hold.id}`,
      reason: 'loyalty.reason.spentLate',
      source: { kind: 'reward', id: hold.rewardId },
      now: input.at,
    });
    log.info('a lapsed reward hold was paid late: points taken again', { holdId: hold.id, programmeId: programme?.id });
    return true;
  }
  return spendHeld(tx, input.tenantId, hold, input.at);
}

/** A held reward is used (its invoice paid, or its visit took place): the points stay spent (once). */
async function spendHeld(tx: Db, tenantId: string, hold: HoldRow, at: Date): Promise<boolean> {
  const closed = await closeHold(tx, tenantId, hold.id, 'spent');
  if (!closed) return false;
  await lockMember(tx, tenantId, hold.memberId);
  await insertEntry(tx, {
    tenantId,
    memberId: hold.memberId,
    kind: 'spend',
    points: 0,
    owedDelta: 0,
    key: `spend:hold:${hold.id}`,
    reason: 'loyalty.reason.spent',
    sourceKind: 'reward',
    sourceId: hold.rewardId,
    createdAt: at,
  });
  return true;
}

/**
 * The invoice a reward discounted was refunded in full: the reward's points go back to the very
 * lots they were spent from (once per hold); lots that expired meanwhile are expired again by the job.
 */
export async function returnRewardOnRefund(tx: Db, input: { tenantId: string; invoiceId: string; at: Date }) {
  const hold = await holdOfInvoice(tx, input.tenantId, input.invoiceId);
  if (hold?.status !== 'spent') return false;
  const held = await entryByKey(tx, input.tenantId, `hold:invoice:${input.invoiceId}`);
  if (!held) return false;
  const entry = await giveBack(tx, {
    tenantId: input.tenantId,
    memberId: hold.memberId,
    of: held,
    key: `refund:hold:${hold.id}`,
    reason: 'loyalty.reason.rewardRefunded',
    now: input.at,
  });
  return entry !== null;
}

/** How long a hold whose booking still stands unpaid (pay at the counter) waits before it is looked at again. */
export const HOLD_RECHECK_MS = 15 * 60_000;

type HoldFate = 'spend' | 'keep' | 'release';

/**
 * What a hold past its time becomes: its invoice paid, or its visit attended, spends it; a
 * booking that still stands unpaid (confirmed to be paid at the counter) keeps it; a booking that
 * was cancelled, declined, lapsed or missed — or an invoice without one that was not paid — gives
 * it back.
 */
async function fateOfHold(tx: Db, hold: HoldRow, invoice: InvoiceRow | null): Promise<HoldFate> {
  if (!invoice || invoice.status === 'void') return 'release';
  if (invoice.status === 'paid') return 'spend';
  const bookingId = sourceIdOf(await lineSourcesOf(tx, hold.tenantId, invoice.id), 'booking');
  const booking = bookingId ? await findBooking(tx, hold.tenantId, bookingId) : null;
  if (booking?.status === 'confirmed') return 'keep';
  if (booking?.status === 'completed') return 'spend';
  return 'release';
}

/**
 * One hold past its time: spent, kept (looked at again later) or released — points back to their
 * lots and stock back (once).
 */
async function releaseHold(db: Db, hold: HoldRow, now: Date): Promise<boolean> {
  return transaction(
    db,
    async (tx) => {
      await lockMember(tx, hold.tenantId, hold.memberId);
      const invoice = await findInvoiceRow(tx, hold.tenantId, hold.invoiceId);
      const fate = await fateOfHold(tx, hold, invoice);
      if (fate === 'spend' && invoice?.status === 'paid')
        return spendHoldOnPaid(tx, { tenantId: hold.tenantId, invoice, at: now });
      if (fate === 'spend') return spendHeld(tx, hold.tenantId, hold, now);
      if (fate === 'keep') {
        await deferHold(tx, hold.tenantId, hold.id, new Date(now.getTime() + HOLD_RECHECK_MS));
        return false;
      }
      const closed = await closeHold(tx, hold.tenantId, hold.id, 'released');
      if (!closed) return false;
      const held = await entryByKey(tx, hold.tenantId, `hold:invoice:${hold.invoiceId}`);
      if (held) {
        await giveBack(tx, {
          tenantId: hold.tenantId,
          memberId: hold.memberId,
          of: held,
          key: `release:hold:${hold.id}`,
          reason: 'loyalty.reason.released',
          now,
        });
      }
      await giveStockBack(tx, hold.tenantId, hold.rewardId);
      return true;
    },
    { name: 'loyalty-release-hold' },
  );
}

/**
 * Every hold past its time: released when its booking lapsed or was cancelled, spent when its
 * invoice was paid (or its visit took place) meanwhile, kept while its booking stands unpaid.
 * Returns how many were released or spent.
 */
export async function releaseDueHolds(db: Db, now: Date): Promise<number> {
  let released = 0;
  for (const hold of await dueHolds(db, now)) {
    if (await releaseHold(db, hold, now)) released += 1;
  }
  return released;
}

export type CounterResult =
  | { ok: true; voucher: VoucherRow; reward: RewardRow | null; memberName: string }
  | { ok: false; reason: 'not_found' | 'used' | 'expired' };

/** Staff take a voucher at the counter (typed or scanned code): used once, never twice. */
export async function takeVoucherAtCounter(
  db: Db,
  input: { tenantId: string; code: string; staffId: string | null; now?: Date },
): Promise<CounterResult> {
  const now = input.now ?? new Date();
  const code = normaliseVoucherCode(input.code);
  if (!code) return { ok: false, reason: 'not_found' };
  const voucher = await voucherByCode(db, input.tenantId, code);
  if (!voucher) return { ok: false, reason: 'not_found' };
  if (voucher.status !== 'issued') return { ok: false, reason: 'used' };
  if (voucher.validUntil <= now) return { ok: false, reason: 'expired' };
  const used = await markVoucherUsed(db, input.tenantId, voucher.id, input.staffId, now);
  if (!used) return { ok: false, reason: 'used' };
  const member = await memberById(db, input.tenantId, voucher.memberId);
  const reward = await rewardById(db, input.tenantId, voucher.rewardId);
  return { ok: true, voucher: used, reward, memberName: member?.name ?? '' };
}
