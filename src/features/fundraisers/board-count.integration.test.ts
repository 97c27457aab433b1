import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { campaignFundraising, customers, fundraisers, staff } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { aFoundationSuite, insertTestCampaign } from '#features/donations/test-support.ts';
import { hideIfLive, insertFundraiser } from './fundraiser-repo.server';
import { openFundraising } from './fundraisers-test-support.ts';
import {
  campaignLeaderboard,
  fundraiserTotalsDrift,
  type StaffAction,
  staffAct,
  startFundraiser,
  startFundraiserSchema,
} from './index.server.ts';
import { countOnBoard, countOnBoardRows } from './leaderboard-repo.server';

// Issue 25: the board's count of fundraisers (live or closed) is kept on the campaign's
// fundraising row by a trigger (migration 0027) instead of counted; it must equal the COUNT after
// every move on or off the board, and two creations at once must both be counted.

composeApp();

const NOW = new Date('2026-06-10T04:00:00Z');

describe.each(testDatabaseKinds)('kept board count on %s', (kind) => {
  const suite = aFoundationSuite(kind);
  let people = 0;
  const person = async () => {
    people += 1;
    const [row] = await suite.db
      .insert(customers)
      .values({ tenantId: suite.yayasan.id, name: `Runner ${people}`, email: `runner${people}@example.test` })
      .returning();
    return row?.id ?? '';
  };
  const start = async (campaignPublicId: string, title: string) => {
    const result = await startFundraiser(suite.db, {
      tenantId: suite.yayasan.id,
      timeZone: suite.yayasan.timeZone,
      campaignPublicId,
      customerId: await person(),
      locale: 'en',
      values: startFundraiserSchema(suite.yayasan.currency).parse({ title, displayName: title }),
      photo: null,
      identity: null,
      now: NOW,
    });
    if (!result.ok) throw new Error(result.error);
    return result.fundraiser;
  };
  const act = async (id: string, action: StaffAction) => {
    const [member] = await suite.db.select().from(staff).where(eq(staff.tenantId, suite.yayasan.id));
    expect(
      await staffAct(suite.db, { tenantId: suite.yayasan.id, id, action, staffId: member?.id ?? '' }),
    ).toMatchObject({ ok: true });
  };
  /** The kept count, checked against the rows' COUNT, the drift check and the board's total. */
  const expectBoard = async (campaignId: string, expected: number) => {
    const kept = await countOnBoard(suite.db, suite.yayasan.id, campaignId);
    expect(kept).toBe(expected);
    expect(await countOnBoardRows(suite.db, suite.yayasan.id, campaignId)).toBe(expected);
    expect(await fundraiserTotalsDrift(suite.db, suite.yayasan.id, campaignId)).toEqual([]);
    const board = await campaignLeaderboard(suite.db, suite.yayasan.id, campaignId, { offset: 0, limit: 5 });
    expect(board.total).toBe(expected);
  };

  it('follows create, approve, hide, reopen, close, hide by reports and delete', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id, { approval: true });
    const first = await start(campaign.publicId, 'Kayuh');
    expect(first.status).toBe('pending');
    await expectBoard(campaign.id, 0);
    await act(first.id, 'approve');
    await expectBoard(campaign.id, 1);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id, { approval: false });
    const second = await start(campaign.publicId, 'Lari');
    expect(second.status).toBe('live');
    await expectBoard(campaign.id, 2);
    await act(first.id, 'hide');
    await expectBoard(campaign.id, 1);
    await act(first.id, 'hide'); // hidden again: nothing moves
    await expectBoard(campaign.id, 1);
    await act(first.id, 'reopen');
    await expectBoard(campaign.id, 2);
    await act(first.id, 'close'); // a closed page keeps its place
    await expectBoard(campaign.id, 2);
    await act(first.id, 'verify'); // no change of status
    await expectBoard(campaign.id, 2);
    expect(await hideIfLive(suite.db, suite.yayasan.id, second.id)).not.toBeNull();
    await expectBoard(campaign.id, 1);
    await suite.db.delete(fundraisers).where(eq(fundraisers.id, first.id));
    await expectBoard(campaign.id, 0);
  });

  it('counts creations at once, with and without a fundraising row for the campaign', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id);
    await Promise.all([start(campaign.publicId, 'Satu'), start(campaign.publicId, 'Dua')]);
    await expectBoard(campaign.id, 2);
    // No settings row yet: the first board entries make one, however many arrive at once.
    const bare = await insertTestCampaign(suite.db, suite.yayasan.id);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        insertFundraiser(suite.db, {
          tenantId: suite.yayasan.id,
          campaignId: bare.id,
          slug: `bare-${i}`,
          title: `Bare ${i}`,
          displayName: `Bare ${i}`,
          status: i === 5 ? 'pending' : 'live',
        }),
      ),
    );
    await expectBoard(bare.id, 5);
  });

  it('reports a kept count that drifted from the rows', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id);
    await start(campaign.publicId, 'Tiga');
    await suite.db
      .update(campaignFundraising)
      .set({ boardCount: sql`${campaignFundraising.boardCount} + 4` })
      .where(eq(campaignFundraising.campaignId, campaign.id));
    expect(await fundraiserTotalsDrift(suite.db, suite.yayasan.id, campaign.id)).toEqual([
      { kind: 'board', id: campaign.id, kept: 5, counted: 1 },
    ]);
  });
});
