import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { campaignFundraising, customers, fundraisers, fundraiserTeams, staff } from '#db/schema/index.ts';
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
// fundraising row by a trigger (migration 0027) instead of counted, and each team's count of
// members on the board on the team (migration 0028); they must equal the COUNT after every move on
// or off the board, and creations at once must all be counted.

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
  const start = async (campaignPublicId: string, title: string, team: Record<string, string> = {}) => {
    const result = await startFundraiser(suite.db, {
      tenantId: suite.yayasan.id,
      timeZone: suite.yayasan.timeZone,
      campaignPublicId,
      customerId: await person(),
      locale: 'en',
      values: startFundraiserSchema(suite.yayasan.currency).parse({ title, displayName: title, ...team }),
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
    return board;
  };
  /** Each team's kept members on the board as the board lists them (teams without any are left off). */
  const teamsShown = async (campaignId: string) =>
    Object.fromEntries(
      (await expectBoard(campaignId, await countOnBoardRows(suite.db, suite.yayasan.id, campaignId))).teams.map((t) => [
        t.slug,
        t.members,
      ]),
    );

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

  it("keeps each team's members on the board through the same moves", async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id, { approval: true });
    const founder = await start(campaign.publicId, 'Kayuh', { team: 'create', teamName: 'Pelari' });
    expect(await teamsShown(campaign.id)).toEqual({}); // pending: the team has nobody on the board
    await act(founder.id, 'approve');
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 1 });
    await openFundraising(suite.db, suite.yayasan.id, campaign.id, { approval: false });
    const joined = await Promise.all(
      ['Satu', 'Dua', 'Tiga'].map((title) => start(campaign.publicId, title, { team: 'join', teamSlug: 'pelari' })),
    );
    await start(campaign.publicId, 'Sendiri');
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 4 });
    await act(founder.id, 'hide');
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 3 });
    await act(founder.id, 'reopen');
    await act(founder.id, 'close'); // a closed page keeps its place, in its team too
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 4 });
    const [first, second] = joined;
    expect(await hideIfLive(suite.db, suite.yayasan.id, first?.id ?? '')).not.toBeNull();
    await suite.db.delete(fundraisers).where(eq(fundraisers.id, second?.id ?? ''));
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 2 });
    // Leaving a team (a write no page makes today, kept all the same) moves the count with it.
    const other = await start(campaign.publicId, 'Empat', { team: 'create', teamName: 'Pendayung' });
    await suite.db.update(fundraisers).set({ teamId: other.teamId }).where(eq(fundraisers.id, founder.id));
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 1, pendayung: 2 });
    await suite.db.update(fundraisers).set({ teamId: null }).where(eq(fundraisers.id, founder.id));
    expect(await teamsShown(campaign.id)).toEqual({ pelari: 1, pendayung: 1 });
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

  it("reports a team's kept members that drifted from its rows", async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id);
    const member = await start(campaign.publicId, 'Lima', { team: 'create', teamName: 'Perahu' });
    await suite.db
      .update(fundraiserTeams)
      .set({ boardMembers: sql`${fundraiserTeams.boardMembers} + 2` })
      .where(eq(fundraiserTeams.id, member.teamId ?? ''));
    expect(await fundraiserTotalsDrift(suite.db, suite.yayasan.id, campaign.id)).toEqual([
      { kind: 'members', id: member.teamId, kept: 3, counted: 1 },
    ]);
    // Never below zero: the check constraint refuses it.
    await expect(
      suite.db
        .update(fundraiserTeams)
        .set({ boardMembers: -1 })
        .where(eq(fundraiserTeams.id, member.teamId ?? '')),
    ).rejects.toThrow();
    await expect(
      suite.db
        .update(campaignFundraising)
        .set({ boardCount: -1 })
        .where(eq(campaignFundraising.campaignId, campaign.id)),
    ).rejects.toThrow();
  });
});
