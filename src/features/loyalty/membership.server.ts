// Joining and the member's view of a programme (issue 14).
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findService } from '#features/booking/index.server.ts';
import type { Locale, LocalizedText } from '#i18n/locales.ts';
import { credit } from './ledger.server';
import { earnedSince, historyOf, lotsOf } from './loyalty-ledger-repo.server';
import { vouchersOf } from './loyalty-redemption-repo.server';
import {
  type EntryRow,
  insertMember,
  type MemberRow,
  membershipsOf,
  type ProgrammeRow,
  programmeByPublicId,
  programmesOf,
  type RewardRow,
  rewardsOf,
  type VoucherRow,
} from './loyalty-repo.server';
import { balanceOf, isLive, spendable, type TierStanding, tierStanding, tierWindowStart } from './loyalty-rules';

export type { EntryRow, MemberRow, ProgrammeRow, RewardRow, VoucherRow };

/** Active programmes of a tenant (the register page, the all-rewards page). */
export const activeProgrammes = (db: Db, tenantId: string) => programmesOf(db, tenantId);

export async function programmeByPublicIdActive(db: Db, tenantId: string, publicId: string) {
  const programme = await programmeByPublicId(db, tenantId, publicId);
  return programme?.active ? programme : null;
}

export interface JoinInput {
  tenantId: string;
  programme: ProgrammeRow;
  customerId: string;
  name: string;
  locale: Locale;
  now?: Date;
}

/** Joins a programme (PDPA consent given); joining twice finds the first membership, no second bonus. */
export async function joinProgramme(db: Db, input: JoinInput): Promise<{ member: MemberRow; created: boolean }> {
  const now = input.now ?? new Date();
  return transaction(
    db,
    async (tx) => {
      const joined = await insertMember(tx, {
        tenantId: input.tenantId,
        programmeId: input.programme.id,
        customerId: input.customerId,
        name: input.name,
        locale: input.locale,
        consentedAt: now,
        joinedAt: now,
      });
      if (joined.created && input.programme.signupBonus > 0) {
        await credit(tx, {
          tenantId: input.tenantId,
          memberId: joined.member.id,
          programme: input.programme,
          kind: 'bonus',
          points: input.programme.signupBonus,
          key: `bonus:signup:${joined.member.id}`,
          reason: 'loyalty.reason.signup',
          now,
        });
      }
      return joined;
    },
    { name: 'loyalty-join' },
  );
}

/** The customer's membership of one programme, if any. */
export async function membershipOf(db: Db, tenantId: string, customerId: string, programmeId: string) {
  return (await membershipsOf(db, tenantId, customerId)).find((m) => m.programmeId === programmeId) ?? null;
}

export interface MemberStanding {
  member: MemberRow;
  balance: number;
  /** Points that may be spent now (not those earned today where the programme says so). */
  spendable: number;
  tier: TierStanding | null;
  /** Points in lots expiring within 30 days, soonest first. */
  expiringSoon: { points: number; expiresAt: Date }[];
  history: EntryRow[];
  vouchers: VoucherRow[];
}

const SOON_MS = 30 * 86_400_000;

export async function memberStanding(
  db: Db,
  programme: ProgrammeRow,
  member: MemberRow,
  now: Date = new Date(),
): Promise<MemberStanding> {
  const lots = await lotsOf(db, member.tenantId, member.id);
  const tier =
    programme.tiers.length > 0
      ? tierStanding(
          programme.tiers,
          await earnedSince(db, member.tenantId, member.id, tierWindowStart(now, programme.tierWindowMonths)),
        )
      : null;
  const expiringSoon = lots
    .filter((l) => l.remaining > 0 && l.expiresAt && isLive(l, now) && l.expiresAt.getTime() - now.getTime() <= SOON_MS)
    .sort((a, b) => (a.expiresAt?.getTime() ?? 0) - (b.expiresAt?.getTime() ?? 0))
    .map((l) => ({ points: l.remaining, expiresAt: l.expiresAt as Date }));
  return {
    member,
    balance: balanceOf(lots, member.owed, now),
    spendable: spendable(lots, member.owed, now),
    tier,
    expiringSoon,
    history: await historyOf(db, member.tenantId, member.id),
    vouchers: await vouchersOf(db, member.tenantId, member.id),
  };
}

/** The rewards on offer now of the given programmes, for the rewards page. */
export async function rewardsOnOffer(db: Db, tenantId: string, programmeIds: string[], now: Date = new Date()) {
  return (await rewardsOf(db, tenantId, programmeIds)).filter(
    (r) => (!r.validFrom || r.validFrom <= now) && (!r.validUntil || r.validUntil > now) && r.stock !== 0,
  );
}

/**
 * Rewards with the name of the one service each is for (null: any appointment), so they are
 * described by it ("15% off Health screening") — issue 23.
 */
export async function withServices<R extends Pick<RewardRow, 'serviceId'>>(
  db: Db,
  tenantId: string,
  rewards: readonly R[],
): Promise<(R & { service: Partial<LocalizedText> | null })[]> {
  const names = new Map<string, Partial<LocalizedText> | null>();
  for (const id of new Set(rewards.flatMap((r) => (r.serviceId ? [r.serviceId] : [])))) {
    names.set(id, (await findService(db, tenantId, id))?.name ?? null);
  }
  return rewards.map((r) => ({ ...r, service: r.serviceId ? (names.get(r.serviceId) ?? null) : null }));
}
