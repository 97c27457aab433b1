// Automatic earning (issue 14): a paid appointment invoice, an attended visit, joining. Each credits
// a member once per source (the entry's unique key), in the transaction of its cause; a refund
// takes the points back from the lot they went into.
import type { Db } from '#db/client.server.ts';
import { type InvoiceRow, invoiceById } from '#features/invoices/index.server.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { log } from '#lib/logger.server.ts';
import { credit, takeBack } from './ledger.server';
import { earnedSince, entriesByKeyPrefix } from './loyalty-ledger-repo.server';
import { type MemberRow, memberById, membershipsOf, type ProgrammeRow, programmeById } from './loyalty-repo.server';
import { netEarningAmount, pointsForAmount, tierStanding, tierWindowStart } from './loyalty-rules';
import { pointsNow } from './membership.server';
import { notifyMember } from './notify.server';

/** The customer's memberships of active programmes, each with its programme. */
async function activeMemberships(tx: Db, tenantId: string, customerId: string) {
  const found: { member: MemberRow; programme: ProgrammeRow }[] = [];
  for (const member of await membershipsOf(tx, tenantId, customerId)) {
    const programme = await programmeById(tx, tenantId, member.programmeId);
    if (programme?.active) found.push({ member, programme });
  }
  return found;
}

/** The member's tier earning rate now (100 without tiers). */
async function tierPercent(tx: Db, member: MemberRow, programme: ProgrammeRow, now: Date): Promise<number> {
  if (programme.tiers.length === 0) return 100;
  const earned = await earnedSince(tx, member.tenantId, member.id, tierWindowStart(now, programme.tierWindowMonths));
  return tierStanding(programme.tiers, earned).current?.earnPercent ?? 100;
}

/**
 * Credits every membership of the invoice's customer for its net amount, once per invoice (the
 * entry's key): paid while logged in, or paid as a guest and claimed at a later login — whichever
 * comes first earns, the other finds the key used. `joinedBy` leaves out memberships that began
 * after that time (a claimed invoice earns only for programmes its payer belonged to when paying).
 */
export async function earnOnInvoice(
  tx: Db,
  input: { tenantId: string; invoice: InvoiceRow; at: Date; joinedBy?: Date | null },
): Promise<number> {
  const { invoice, joinedBy } = input;
  if (!invoice.customerId || invoice.status !== 'paid') return 0;
  const memberships = (await activeMemberships(tx, input.tenantId, invoice.customerId)).filter(
    ({ member }) => !joinedBy || member.joinedAt <= joinedBy,
  );
  if (memberships.length === 0) return 0;
  const tenant = await findTenantById(tx, input.tenantId);
  if (!tenant) return 0;
  const view = await invoiceById(tx, tenant, invoice.id);
  if (!view) return 0;
  let notes = 0;
  for (const { member, programme } of memberships) {
    const net = netEarningAmount(view.lines, programme);
    const points = pointsForAmount(net, programme, await tierPercent(tx, member, programme, input.at));
    const entry = await credit(tx, {
      tenantId: input.tenantId,
      memberId: member.id,
      programme,
      kind: 'earn',
      points,
      key: `earn:invoice:${invoice.id}:${member.id}`,
      reason: 'loyalty.reason.paidInvoice',
      source: { kind: 'invoice', id: view.displayNumber },
      now: input.at,
    });
    if (!entry) continue;
    // The row after the credit: its kept balance and owed moved under the member's lock.
    const fresh = (await memberById(tx, input.tenantId, member.id)) ?? member;
    if (
      await notifyMember(tx, fresh, programme, {
        template: 'loyalty-points-earned',
        points,
        balance: (await pointsNow(tx, fresh, input.at)).balance,
      })
    )
      notes += 1;
  }
  return notes;
}

/**
 * Invoices a guest paid that a login just made the customer's: each earns as if it had been paid
 * logged in, once (the key is shared with earning at payment).
 */
export async function earnOnClaimedInvoices(
  tx: Db,
  input: { tenantId: string; invoices: readonly InvoiceRow[]; at: Date },
): Promise<number> {
  let notes = 0;
  for (const invoice of input.invoices) {
    if (invoice.status !== 'paid') continue;
    notes += await earnOnInvoice(tx, { tenantId: input.tenantId, invoice, at: input.at, joinedBy: invoice.paidAt });
  }
  return notes;
}

/** Per-visit points when staff mark a booking attended, once per booking. */
export async function earnOnVisit(
  tx: Db,
  input: {
    tenantId: string;
    booking: { id: string; customerId: string | null; reference?: string | null };
    at: Date;
    /** Leaves out memberships that began after this time (a claimed visit: its end). */
    joinedBy?: Date | null;
  },
): Promise<number> {
  if (!input.booking.customerId) return 0;
  let credited = 0;
  for (const { member, programme } of await activeMemberships(tx, input.tenantId, input.booking.customerId)) {
    if (programme.visitPoints <= 0) continue;
    if (input.joinedBy && member.joinedAt > input.joinedBy) continue;
    const entry = await credit(tx, {
      tenantId: input.tenantId,
      memberId: member.id,
      programme,
      kind: 'earn',
      points: programme.visitPoints,
      key: `earn:visit:${input.booking.id}:${member.id}`,
      reason: 'loyalty.reason.visit',
      source: { kind: 'booking', id: input.booking.reference ?? input.booking.id },
      now: input.at,
    });
    if (entry) credited += 1;
  }
  return credited;
}

/**
 * A refund of the payment that paid an invoice takes back the points the invoice earned, in
 * proportion to the money given back (all of them for a full refund), once per refund.
 */
export async function clawBackOnRefund(
  tx: Db,
  input: { tenantId: string; invoiceId: string; refundId: string; refunded: number; paid: number; at: Date },
): Promise<number> {
  const earns = await entriesByKeyPrefix(tx, input.tenantId, `earn:invoice:${input.invoiceId}:`);
  let taken = 0;
  for (const earn of earns) {
    const member = { id: earn.memberId };
    const programmeOf = await membershipProgramme(tx, input.tenantId, member.id);
    if (!programmeOf) continue;
    const target =
      input.paid <= 0 ? earn.points : Math.min(earn.points, Math.round((earn.points * input.refunded) / input.paid));
    const before = await entriesByKeyPrefix(tx, input.tenantId, `clawback:invoice:${input.invoiceId}:${member.id}:`);
    const already = before.reduce((s, e) => s - e.points, 0);
    const points = target - already;
    if (points <= 0) continue;
    const entry = await takeBack(tx, {
      tenantId: input.tenantId,
      memberId: member.id,
      allowNegative: programmeOf.allowNegative,
      kind: 'clawback',
      points,
      firstLotId: earn.id,
      key: `clawback:invoice:${input.invoiceId}:${member.id}:${input.refundId}`,
      reason: 'loyalty.reason.refund',
      source: { kind: 'invoice', id: earn.sourceId ?? input.invoiceId },
      now: input.at,
    });
    if (entry) taken += -entry.points;
    if (entry && -entry.points < points) log.info('refund took back fewer points than earned', { memberId: member.id });
  }
  return taken;
}

async function membershipProgramme(tx: Db, tenantId: string, memberId: string): Promise<ProgrammeRow | null> {
  const member = await memberById(tx, tenantId, memberId);
  return member ? programmeById(tx, tenantId, member.programmeId) : null;
}
