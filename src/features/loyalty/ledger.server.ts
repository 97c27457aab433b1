// The ledger's writes (docs/decisions/0024-loyalty.md). Every change of a member's points runs
// under the member's row lock, writes one append-only entry (once per key) and the draws that
// say which lots it took from or gave back to; lots' `remaining` can never go below zero or above
// their points (a check constraint), so even a missed lock cannot spend a point twice.
import type { Db } from '#db/client.server.ts';
import { HttpError } from '#lib/http-error.ts';
import {
  applyDraws,
  drawCountOfLot,
  drawsOf,
  expiredLotsOf,
  insertEntry,
  insertLot,
  liveLot,
  liveLotsFor,
} from './loyalty-ledger-repo.server';
import {
  type EntryRow,
  lockMember,
  type MemberRow,
  type NewEntry,
  type ProgrammeRow,
  setOwed,
} from './loyalty-repo.server';
import { type Draw, expiryOf, planClawback, planSpend } from './loyalty-rules';

export interface CreditInput {
  tenantId: string;
  memberId: string;
  programme: Pick<ProgrammeRow, 'expiryMonths' | 'notUsableSameDay'>;
  kind: 'earn' | 'bonus' | 'adjust';
  points: number;
  key: string;
  reason: string;
  source?: { kind: string; id: string } | null;
  staffId?: string | null;
  now: Date;
}

/** The start of the next UTC+8 day (Malaysia and western Indonesia are +7/+8; +8 is the later). */
function nextDay(at: Date): Date {
  const offset = 8 * 3600_000;
  const local = new Date(at.getTime() + offset);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - offset);
}

/**
 * Adds points once per key: a new lot (with its expiry), first paying off what the member owes.
 * Null when the key was used before (a replayed webhook, a second run) or there is nothing to add.
 * Runs in the caller's transaction; the caller holds (or this takes) the member's lock.
 */
export async function credit(tx: Db, input: CreditInput): Promise<EntryRow | null> {
  if (!Number.isSafeInteger(input.points) || input.points <= 0) return null;
  const member = await lockMember(tx, input.tenantId, input.memberId);
  if (!member) return null;
  const payoff = Math.min(member.owed, input.points);
  const expiresAt = expiryOf(input.now, input.programme.expiryMonths);
  const entry = await insertEntry(tx, {
    tenantId: input.tenantId,
    memberId: input.memberId,
    kind: input.kind,
    points: input.points,
    owedDelta: -payoff,
    key: input.key,
    reason: input.reason,
    sourceKind: input.source?.kind ?? null,
    sourceId: input.source?.id ?? null,
    expiresAt,
    staffId: input.staffId ?? null,
    createdAt: input.now,
  });
  if (!entry) return null;
  if (payoff > 0) await setOwed(tx, input.tenantId, member.id, member.owed - payoff);
  if (input.points - payoff > 0) {
    await insertLot(tx, {
      tenantId: input.tenantId,
      memberId: member.id,
      entryId: entry.id,
      points: input.points - payoff,
      usableFrom: input.programme.notUsableSameDay ? nextDay(input.now) : input.now,
      expiresAt,
    });
  }
  return entry;
}

export type DebitResult =
  | { ok: true; entry: EntryRow; member: MemberRow }
  | { ok: false; reason: 'not_enough' | 'member_not_found' | 'replayed' };

/**
 * Takes `points` from the member's live, usable lots, soonest-expiring first, under the member's
 * lock: refused (`not_enough`) when the balance does not cover it. `before` runs under the lock,
 * before the entry is written (take stock, check the reward), and may refuse by throwing.
 */
export async function debit(
  tx: Db,
  input: Omit<NewEntry, 'points' | 'owedDelta' | 'kind'> & {
    kind: 'hold' | 'redeem' | 'adjust';
    points: number;
    now: Date;
  },
): Promise<DebitResult> {
  const member = await lockMember(tx, input.tenantId, input.memberId);
  if (!member) return { ok: false, reason: 'member_not_found' };
  // Only as many usable lots as cover the points and what is owed: planSpend then decides as it
  // would over all of them.
  const need = input.points + member.owed;
  const lots = await liveLotsFor(tx, input.tenantId, member.id, input.now, { need, usableOnly: true });
  const draws = planSpend(lots, input.points, member.owed, input.now);
  if (!draws) return { ok: false, reason: 'not_enough' };
  const { now, points, ...rest } = input;
  const entry = await insertEntry(tx, { ...rest, points: -points, owedDelta: 0, createdAt: now });
  if (!entry) return { ok: false, reason: 'replayed' };
  await applyDraws(tx, input.tenantId, entry.id, draws);
  return { ok: true, entry, member };
}

/** Gives a hold's points back to the very lots it drew from (once per key). */
export async function giveBack(
  tx: Db,
  input: { tenantId: string; memberId: string; of: EntryRow; key: string; reason: string; now: Date },
): Promise<EntryRow | null> {
  await lockMember(tx, input.tenantId, input.memberId);
  const drawn = await drawsOf(tx, input.of.id);
  const total = drawn.reduce((s, d) => s + d.points, 0);
  const entry = await insertEntry(tx, {
    tenantId: input.tenantId,
    memberId: input.memberId,
    kind: 'release',
    points: total,
    owedDelta: 0,
    key: input.key,
    reason: input.reason,
    sourceKind: input.of.sourceKind,
    sourceId: input.of.sourceId,
    createdAt: input.now,
  });
  if (!entry) return null;
  await applyDraws(
    tx,
    input.tenantId,
    entry.id,
    drawn.map((d) => ({ lotId: d.lotId, points: -d.points })),
  );
  return entry;
}

/**
 * Takes points back (a refund, a staff deduction): from `firstLotId` first, then soonest-expiring;
 * what the lots do not hold becomes owed where the programme allows a negative balance, and is
 * otherwise not taken (the entry says how much was). Null when the key was used.
 */
export async function takeBack(
  tx: Db,
  input: {
    tenantId: string;
    memberId: string;
    allowNegative: boolean;
    kind: 'clawback' | 'adjust';
    points: number;
    firstLotId: string | null;
    key: string;
    reason: string;
    source?: { kind: string; id: string } | null;
    staffId?: string | null;
    now: Date;
  },
): Promise<EntryRow | null> {
  const member = await lockMember(tx, input.tenantId, input.memberId);
  if (!member || input.points <= 0) return null;
  const first = input.firstLotId ? await liveLot(tx, input.tenantId, member.id, input.firstLotId, input.now) : null;
  const others = await liveLotsFor(tx, input.tenantId, member.id, input.now, {
    need: input.points - (first?.remaining ?? 0),
    usableOnly: false,
    except: first?.id,
  });
  const lots = first ? [first, ...others] : others;
  const { draws, short } = planClawback(lots, input.points, input.firstLotId, input.now);
  const owed = input.allowNegative ? short : 0;
  const taken = draws.reduce((s, d) => s + d.points, 0) + owed;
  if (taken === 0) return null;
  const entry = await insertEntry(tx, {
    tenantId: input.tenantId,
    memberId: member.id,
    kind: input.kind,
    points: -taken,
    owedDelta: owed,
    key: input.key,
    reason: input.reason,
    sourceKind: input.source?.kind ?? null,
    sourceId: input.source?.id ?? null,
    staffId: input.staffId ?? null,
    createdAt: input.now,
  });
  if (!entry) return null;
  await applyDraws(tx, input.tenantId, entry.id, draws);
  if (owed > 0) await setOwed(tx, input.tenantId, member.id, member.owed + owed);
  return entry;
}

/** Expires what is left of every lot of a member past its expiry, one entry per lot (key: the lot). */
export async function expireLots(tx: Db, tenantId: string, memberId: string, now: Date): Promise<number> {
  const member = await lockMember(tx, tenantId, memberId);
  if (!member) return 0;
  const lots = await expiredLotsOf(tx, tenantId, memberId, now);
  let expired = 0;
  for (const lot of lots) {
    // A hold released after its lots expired gives points back to an expired lot: the key counts
    // the lot's draws, so a later run expires those too, and a rerun (remaining 0) changes nothing.
    const entry = await insertEntry(tx, {
      tenantId,
      memberId,
      kind: 'expire',
      points: -lot.remaining,
      owedDelta: 0,
      key: `expire:${lot.id}:${await drawCountOfLot(tx, lot.id)}`,
      reason: 'loyalty.reason.expired',
      sourceKind: 'lot',
      sourceId: lot.id,
      createdAt: now,
    });
    if (!entry) continue;
    const draw: Draw = { lotId: lot.id, points: lot.remaining };
    await applyDraws(tx, tenantId, entry.id, [draw]);
    expired += lot.remaining;
  }
  return expired;
}

/** Refuses a use case's input in the visitor's language. */
export function refuse(status: number, key: string): never {
  throw new HttpError(status, key);
}
