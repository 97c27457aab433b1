// Joining and the member's view of a programme (issue 14).
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findService } from '#features/booking/index.server.ts';
import type { Locale, LocalizedText } from '#i18n/locales.ts';
import { credit } from './ledger.server';
import { balanceCorrections, earnedSince, historyPage, lotsExpiringFor } from './loyalty-ledger-repo.server';
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
import { type TierStanding, tierStanding, tierWindowStart } from './loyalty-rules';

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
  /** Points in lots expiring within 30 days, soonest first (the first ten). */
  expiringSoon: { points: number; expiresAt: Date }[];
  /** One page of the history, newest first; `more`: an older page exists. */
  history: EntryRow[];
  more: boolean;
  vouchers: VoucherRow[];
}

const SOON_MS = 30 * 86_400_000;

/**
 * The member's balance and spendable points now: the kept balance (the ledger's sum, on the row
 * `member` was read from) less what lots past their expiry still hold until the job expires them,
 * and less lots not usable yet. One query, however long the ledger.
 */
export async function pointsNow(db: Db, member: MemberRow, now: Date): Promise<{ balance: number; spendable: number }> {
  const { expired, pending } = await balanceCorrections(db, member.tenantId, member.id, now);
  const balance = member.balance - expired;
  return { balance, spendable: balance - pending };
}

/**
 * Where the member stands: a constant number of queries whatever the ledger's length (balance,
 * tier window, expiring lots, one history page, vouchers). `history.limit` 0 reads no history;
 * `vouchers: false` no vouchers (the member panel shows none).
 */
export async function memberStanding(
  db: Db,
  programme: ProgrammeRow,
  member: MemberRow,
  now: Date = new Date(),
  read: { history?: { limit: number; before?: string | null }; vouchers?: boolean } = {},
): Promise<MemberStanding> {
  const history = read.history ?? { limit: 500 };
  const points = await pointsNow(db, member, now);
  const tier =
    programme.tiers.length > 0
      ? tierStanding(
          programme.tiers,
          await earnedSince(db, member.tenantId, member.id, tierWindowStart(now, programme.tierWindowMonths)),
        )
      : null;
  const soon = await lotsExpiringFor(db, member.tenantId, member.id, now, new Date(now.getTime() + SOON_MS));
  const page =
    history.limit > 0 ? await historyPage(db, member.tenantId, member.id, history) : { entries: [], more: false };
  return {
    member,
    ...points,
    tier,
    expiringSoon: soon.map((l) => ({ points: l.points, expiresAt: l.expiresAt as Date })),
    history: page.entries,
    more: page.more,
    vouchers: read.vouchers === false ? [] : await vouchersOf(db, member.tenantId, member.id),
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
