// Staff's loyalty desk (/staff/loyalty): programmes and rewards, members by phone, their ledger,
// adjustments with a reason, vouchers taken at the counter, the ledger as CSV.

import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { REWARD_KINDS } from '#db/schema/loyalty.ts';
import { transaction } from '#db/transaction.server.ts';
import { findService } from '#features/booking/index.server.ts';
import { log } from '#lib/logger.server.ts';
import { digitsOnly } from '#lib/phone.ts';
import { events, runAfterCommit } from '#server/events/index.ts';
import { credit, takeBack } from './ledger.server';
import { historyOf, tenantLedger } from './loyalty-ledger-repo.server';
import {
  allowedRewardKinds,
  insertProgramme,
  insertReward,
  lockMember,
  memberById,
  membersByPhone,
  type ProgrammeRow,
  programmeById,
  programmesOf,
  rewardsOf,
  saveAllowedRewardKinds,
  updateProgramme,
  updateReward,
} from './loyalty-repo.server';
import { memberStanding, pointsNow } from './membership.server';
import type { ProgrammeValues, RewardValues } from './staff-forms.schema';

export async function staffLoyalty(db: Db, tenantId: string) {
  const programmes = await programmesOf(db, tenantId, false);
  const rewards = await rewardsOf(
    db,
    tenantId,
    programmes.map((p) => p.id),
    false,
  );
  return { programmes, rewards, allowedKinds: await allowedRewardKinds(db, tenantId) };
}

async function changed(db: Db, tenantId: string, work: (tx: Db) => Promise<void>) {
  let after: Awaited<ReturnType<typeof events.emit>> = [];
  await transaction(db, async (tx) => {
    await work(tx);
    after = await events.emit(tx, 'loyalty.changed', { tenantId });
  });
  await runAfterCommit(after, () => log.warn('loyalty page cache not dropped'));
}

export type SaveResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'not_found' | 'public_id_taken' | 'not_allowed' | 'service_not_found' };

export async function saveProgramme(
  db: Db,
  tenantId: string,
  input: { id: string | null; values: ProgrammeValues },
): Promise<SaveResult> {
  try {
    let id = input.id ?? '';
    await changed(db, tenantId, async (tx) => {
      if (input.id) {
        if (!(await programmeById(tx, tenantId, input.id))) throw new NotFound();
        await updateProgramme(tx, tenantId, input.id, input.values);
      } else id = (await insertProgramme(tx, { tenantId, ...input.values })).id;
    });
    return { ok: true, id };
  } catch (error) {
    if (error instanceof NotFound) return { ok: false, reason: 'not_found' };
    if (isUniqueViolation(error)) return { ok: false, reason: 'public_id_taken' };
    throw error;
  }
}

class NotFound extends Error {}

export async function saveReward(
  db: Db,
  tenantId: string,
  input: { id: string | null; programmeId: string; values: RewardValues },
): Promise<SaveResult> {
  if (!(await allowedRewardKinds(db, tenantId)).includes(input.values.kind))
    return { ok: false, reason: 'not_allowed' };
  const programme = await programmeById(db, tenantId, input.programmeId);
  if (!programme) return { ok: false, reason: 'not_found' };
  if (input.values.serviceId && !(await findService(db, tenantId, input.values.serviceId)))
    return { ok: false, reason: 'service_not_found' };
  let id = input.id ?? '';
  await changed(db, tenantId, async (tx) => {
    if (input.id) await updateReward(tx, tenantId, input.id, { ...input.values, programmeId: programme.id });
    else id = (await insertReward(tx, { tenantId, programmeId: programme.id, ...input.values })).id;
  });
  return { ok: true, id };
}

/** Which reward kinds the organisation may offer (fee-splitting rules for medical tenants). */
export async function saveRewardKinds(db: Db, tenantId: string, kinds: string[]): Promise<void> {
  const allowed = kinds.filter((k): k is (typeof REWARD_KINDS)[number] =>
    (REWARD_KINDS as readonly string[]).includes(k),
  );
  await changed(db, tenantId, (tx) => saveAllowedRewardKinds(tx, tenantId, [...new Set(allowed)]));
}

/** Members whose phone is the one typed (local 01… or with the country code). */
export async function findMembersByPhone(db: Db, tenant: { id: string; currency: { code: string } }, typed: string) {
  let digits = digitsOnly(typed);
  if (digits.length < 6 || digits.length > 15) return [];
  if (digits.startsWith('0')) digits = `${tenant.currency.code === 'IDR' ? '62' : '60'}${digits.slice(1)}`;
  const rows = await membersByPhone(db, tenant.id, digits);
  const programmes = await programmesOf(db, tenant.id, false);
  return rows.map((r) => ({ ...r, programme: programmes.find((p) => p.id === r.member.programmeId) }));
}

export async function staffMember(db: Db, tenantId: string, memberId: string) {
  const member = await memberById(db, tenantId, memberId);
  if (!member) return null;
  const programme = await programmeById(db, tenantId, member.programmeId);
  if (!programme) return null;
  return { programme, standing: await memberStanding(db, programme, member) };
}

export type AdjustResult = { ok: true } | { ok: false; reason: 'not_found' | 'not_enough' };

/** Staff add (positive) or deduct (negative) points with a reason, written on the ledger. */
export async function adjustPoints(
  db: Db,
  input: { tenantId: string; memberId: string; points: number; reason: string; staffId: string; now?: Date },
): Promise<AdjustResult> {
  const now = input.now ?? new Date();
  const member = await memberById(db, input.tenantId, input.memberId);
  const programme: ProgrammeRow | null = member ? await programmeById(db, input.tenantId, member.programmeId) : null;
  if (!member || !programme) return { ok: false, reason: 'not_found' };
  const key = `adjust:${crypto.randomUUID()}`;
  return transaction(
    db,
    async (tx): Promise<AdjustResult> => {
      if (input.points > 0) {
        await credit(tx, {
          tenantId: input.tenantId,
          memberId: member.id,
          programme,
          kind: 'adjust',
          points: input.points,
          key,
          reason: input.reason,
          staffId: input.staffId,
          now,
        });
        return { ok: true };
      }
      // The balance under the member's lock (the row read above may be stale by now).
      const locked = await lockMember(tx, input.tenantId, member.id);
      if (!locked) return { ok: false, reason: 'not_found' };
      const { balance } = await pointsNow(tx, locked, now);
      if (!programme.allowNegative && balance < -input.points) return { ok: false, reason: 'not_enough' };
      const entry = await takeBack(tx, {
        tenantId: input.tenantId,
        memberId: member.id,
        allowNegative: programme.allowNegative,
        kind: 'adjust',
        points: -input.points,
        firstLotId: null,
        key,
        reason: input.reason,
        staffId: input.staffId,
        now,
      });
      return entry ? { ok: true } : { ok: false, reason: 'not_enough' };
    },
    { name: 'loyalty-adjust' },
  );
}

/** The tenant's whole ledger for the CSV export (newest first, up to `limit` rows). */
export const ledgerExport = (db: Db, tenantId: string, limit = 10_000) => tenantLedger(db, tenantId, limit);

export { historyOf };

export const staffProgramme = (db: Db, tenantId: string, id: string) => programmeById(db, tenantId, id);
export { rewardById as staffReward } from './loyalty-repo.server';
