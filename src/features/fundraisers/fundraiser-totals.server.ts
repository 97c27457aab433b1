// A fundraiser's and its team's raised_minor / donor_count are paid money, changed only here:
// in the settling transaction (donations' `donation.paid`, emitted after the campaign row is
// locked and the gift moved to paid once) and in the refund's (`donation.refunded`). The one lock
// order is campaign → fundraiser → team, so concurrent payments through one team serialise on the
// campaign and never deadlock; a replayed webhook moves no gift and so adds nothing. After commit
// the campaign's channel gets the fundraiser's totals and rank and the board's first places.
import type { Db } from '#db/client.server.ts';
import type { DonationPaidEvent, DonationRefundedEvent } from '#features/donations/index.ts';
import { campaignChannel } from '#features/donations/index.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, type EventHandler, events } from '#server/events/index.ts';
import { publish } from '#server/realtime/index.ts';
import { FUNDRAISERS_EVENT } from './fundraiser-channel';
import { keptTotals, totalsFromGifts } from './fundraiser-gifts-repo.server';
import { campaignPublicIdOf, changeFundraiserTotals, changeTeamTotals } from './fundraiser-repo.server';
import './fundraiser-events';
import { liveBoardMessage } from './leaderboard.server';
import { countOnBoard, countOnBoardRows, teamMembersDrift } from './leaderboard-repo.server';

interface Move {
  tenantId: string;
  donationId: string;
  campaignId: string;
  fundraiserId: string;
  teamId: string | null;
  raisedMinor: number;
  donorCount: number;
}

async function move(tx: Db, m: Move): Promise<AfterCommit[]> {
  const delta = { raisedMinor: m.raisedMinor, donorCount: m.donorCount };
  const fundraiser = await changeFundraiserTotals(tx, m.tenantId, m.fundraiserId, delta);
  if (!fundraiser) return [];
  if (m.teamId) await changeTeamTotals(tx, m.tenantId, m.teamId, delta);
  const publicId = await campaignPublicIdOf(tx, m.tenantId, m.campaignId);
  // The board every viewer needs, read once per gift. Read here, where the settling transaction
  // holds the campaign's row lock: gifts of one campaign take turns, so this is the board as this
  // gift commits it and messages are in commit order (after commit there is no handle to read with).
  const message = publicId
    ? await liveBoardMessage(tx, m.tenantId, m.campaignId, {
        id: fundraiser.id,
        raisedMinor: fundraiser.raisedMinor,
        donorCount: fundraiser.donorCount,
        teamId: m.teamId,
        refund: m.raisedMinor < 0,
      })
    : null;
  const after: AfterCommit[] = [];
  if (m.raisedMinor > 0) {
    after.push(
      ...(await events.emit(tx, 'fundraiser.gift', {
        tenantId: m.tenantId,
        fundraiserId: fundraiser.id,
        donationId: m.donationId,
      })),
    );
  }
  if (publicId && message) {
    after.push(() =>
      publish(m.tenantId, campaignChannel(publicId), FUNDRAISERS_EVENT, message).catch((error: unknown) =>
        log.warn('realtime publish failed', errorFields(error)),
      ),
    );
  }
  return after;
}

/** `donation.paid`: a gift through a fundraiser adds to it and its team. */
export const addOnPaid: EventHandler<DonationPaidEvent> = async (tx, event) => {
  if (!event.fundraiserId || !event.campaignId || event.amountMinor === undefined) return;
  const after = await move(tx, {
    tenantId: event.tenantId,
    donationId: event.donationId,
    campaignId: event.campaignId,
    fundraiserId: event.fundraiserId,
    teamId: event.fundraiserTeamId ?? null,
    raisedMinor: event.amountMinor,
    donorCount: event.donors ?? 1,
  });
  return async () => {
    for (const work of after) await work();
  };
};

/** `donation.refunded`: the gift comes back out of its fundraiser and team. */
export const takeOutOnRefund: EventHandler<DonationRefundedEvent> = async (tx, event) => {
  if (!event.fundraiserId) return;
  const after = await move(tx, {
    tenantId: event.tenantId,
    donationId: event.donationId,
    campaignId: event.campaignId,
    fundraiserId: event.fundraiserId,
    teamId: event.fundraiserTeamId,
    raisedMinor: -event.amountMinor,
    donorCount: -event.donors,
  });
  return async () => {
    for (const work of after) await work();
  };
};

export type TotalsDrift =
  | {
      kind: 'fundraiser' | 'team';
      id: string;
      kept: { raisedMinor: number; donorCount: number };
      fromGifts: { raisedMinor: number; donorCount: number };
    }
  /** The campaign's kept count of fundraisers on its board against the COUNT of its rows. */
  | { kind: 'board'; id: string; kept: number; counted: number }
  /** A team's kept count of members on the board against the COUNT of its rows. */
  | { kind: 'members'; id: string; kept: number; counted: number };

/**
 * The rebuild check: every fundraiser's and team's kept totals of a campaign against the totals
 * its paid gifts give, and the board's and its teams' kept counts against their rows. An empty
 * list means no drift.
 */
export async function fundraiserTotalsDrift(db: Db, tenantId: string, campaignId: string): Promise<TotalsDrift[]> {
  const [kept, rebuilt, keptCount, counted, members] = await Promise.all([
    keptTotals(db, tenantId, campaignId),
    totalsFromGifts(db, tenantId, campaignId),
    countOnBoard(db, tenantId, campaignId),
    countOnBoardRows(db, tenantId, campaignId),
    teamMembersDrift(db, tenantId, campaignId),
  ]);
  const zero = { raisedMinor: 0, donorCount: 0 };
  const drift: TotalsDrift[] = [];
  if (keptCount !== counted) drift.push({ kind: 'board', id: campaignId, kept: keptCount, counted });
  for (const team of members) drift.push({ kind: 'members', ...team });
  for (const [kind, rows, from] of [
    ['fundraiser', kept.fundraisers, rebuilt.fundraisers],
    ['team', kept.teams, rebuilt.teams],
  ] as const) {
    for (const row of rows) {
      const fromGifts = from.get(row.id) ?? zero;
      const own = { raisedMinor: Number(row.raisedMinor), donorCount: Number(row.donorCount) };
      if (own.raisedMinor !== fromGifts.raisedMinor || own.donorCount !== fromGifts.donorCount) {
        drift.push({ kind, id: row.id, kept: own, fromGifts });
      }
    }
  }
  return drift;
}
