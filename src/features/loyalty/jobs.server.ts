import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import type { RecurringJob } from '#server/jobs/index.ts';
import { runOnce } from '#server/jobs/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { expireLots } from './ledger.server';
import { lotsExpiringBetween, membersWithExpiredLots } from './loyalty-ledger-repo.server';
import { memberById, programmeById } from './loyalty-repo.server';
import { notifyMember } from './notify.server';
import { releaseDueHolds } from './rewards.server';

/** Expires every lot past its expiry that still holds points; a rerun finds nothing left. */
export async function expirePoints(db: Db, now: Date): Promise<{ members: number; points: number }> {
  let members = 0;
  let points = 0;
  for (const { tenantId, memberId } of await membersWithExpiredLots(db, now)) {
    const expired = await transaction(db, (tx) => expireLots(tx, tenantId, memberId, now), { name: 'loyalty-expire' });
    if (expired > 0) {
      members += 1;
      points += expired;
    }
  }
  return { members, points };
}

const REMIND_DAYS = 14;

/** Tells members, once per lot, that points expire within two weeks. */
export async function remindExpiring(db: Db, now: Date): Promise<number> {
  let sent = 0;
  const lots = await lotsExpiringBetween(db, now, new Date(now.getTime() + REMIND_DAYS * 86_400_000));
  for (const lot of lots) {
    const told = await runOnce(db, 'loyalty.remind-expiring', `${lot.entryId}`, async (tx) => {
      const member = await memberById(tx, lot.tenantId, lot.memberId);
      const programme = member ? await programmeById(tx, lot.tenantId, member.programmeId) : null;
      if (!member || !programme || !lot.expiresAt) return false;
      return notifyMember(tx, member, programme, {
        template: 'loyalty-points-expiring',
        points: lot.remaining,
        date: lot.expiresAt,
      });
    });
    if (told.ran && told.value) sent += 1;
  }
  if (sent > 0) kickOutbox();
  return sent;
}

/**
 * Loyalty's recurring work: holds whose booking hold lapsed give their points back (every minute,
 * like the booking sweep); expired points leave the balance and members hear about points about
 * to expire (hourly). Each run handles everything due up to its `now` and is safe to repeat.
 */
export const loyaltyJobs: readonly RecurringJob[] = [
  {
    name: 'loyalty.release-holds',
    cron: '* * * * *',
    run: async ({ db, now }) => ({ released: await releaseDueHolds(db, now) }),
  },
  {
    name: 'loyalty.expire-points',
    cron: '17 * * * *',
    run: async ({ db, now }) => ({ ...(await expirePoints(db, now)), reminded: await remindExpiring(db, now) }),
  },
];
