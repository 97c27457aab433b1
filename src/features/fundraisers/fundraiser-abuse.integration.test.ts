import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { customers, fundraisers, outbox, staff } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { aFoundationSuite, insertTestCampaign } from '#features/donations/test-support.ts';
import { openFundraising } from './fundraisers-test-support.ts';
import {
  campaignLeaderboard,
  fundraiserPage,
  MASK,
  MAX_OPEN_PAGES_PER_CUSTOMER,
  reportFundraiser,
  staffAct,
  startFundraiser,
  startFundraiserSchema,
} from './index.server.ts';

// Issue 23 §11: fundraiser pages as a phishing vector. New pages wait for approval by default; one
// customer has at most 3 open pages; links and phone numbers are masked until staff approve; a page
// reported by enough distinct people is hidden at once and the owners are told.

composeApp();

const NOW = new Date('2026-06-10T04:00:00Z');
const PHISH = {
  title: 'URGENT: claim your flood aid at https://evil.example/claim',
  displayName: 'Official Refund Desk +60 12-345 6789',
  story: 'To receive your aid, verify your bank account at www.evil.example/verify or WhatsApp 012-345 6789.',
};

describe.each(testDatabaseKinds)('fundraiser abuse on %s', (kind) => {
  const suite = aFoundationSuite(kind);
  let people = 0;

  const person = async () => {
    people += 1;
    const [row] = await suite.db
      .insert(customers)
      .values({ tenantId: suite.yayasan.id, name: `Abuser ${people}`, phone: `6013${String(people).padStart(7, '0')}` })
      .returning();
    return row?.id ?? '';
  };
  const start = (campaignPublicId: string, customerId: string, fields: Record<string, string>) =>
    startFundraiser(suite.db, {
      tenantId: suite.yayasan.id,
      timeZone: suite.yayasan.timeZone,
      campaignPublicId,
      customerId,
      locale: 'en',
      values: startFundraiserSchema(suite.yayasan.currency).parse(fields),
      photo: null,
      identity: null,
      now: NOW,
    });
  const optOut = async (campaignId: string, reportThreshold = 3) =>
    openFundraising(suite.db, suite.yayasan.id, campaignId, { leaderboardMin: 1, reportThreshold });
  const staffId = async () => {
    const [member] = await suite.db.select().from(staff).where(eq(staff.tenantId, suite.yayasan.id));
    return member?.id ?? '';
  };

  it('keeps a new page off the public site until staff approve it, by default', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    const result = await start(campaign.publicId, await person(), { title: 'Kayuh', displayName: 'Aminah' });
    if (!result.ok) throw new Error(result.error);
    expect(result.fundraiser.status).toBe('pending');
    expect(
      await fundraiserPage(suite.db, suite.yayasan.id, campaign.publicId, result.fundraiser.slug, 'A', NOW),
    ).toBeNull();
    const approved = await staffAct(suite.db, {
      tenantId: suite.yayasan.id,
      id: result.fundraiser.id,
      action: 'approve',
      staffId: await staffId(),
    });
    expect(approved).toMatchObject({ ok: true });
    expect(
      await fundraiserPage(suite.db, suite.yayasan.id, campaign.publicId, result.fundraiser.slug, 'A', NOW),
    ).not.toBeNull();
  });

  it('lets one customer have at most 3 open pages, even when they start 7 at once', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await optOut(campaign.id);
    const other = await insertTestCampaign(suite.db, suite.yayasan.id);
    await optOut(other.id);
    const customerId = await person();
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        start(i % 2 ? other.publicId : campaign.publicId, customerId, {
          title: `Page ${i}`,
          displayName: 'Refund Desk',
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_OPEN_PAGES_PER_CUSTOMER);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(7 - MAX_OPEN_PAGES_PER_CUSTOMER).fill({ ok: false, status: 422, error: 'fundraiser.start.tooMany' }),
    );
    const rows = await suite.db
      .select()
      .from(fundraisers)
      .where(and(eq(fundraisers.tenantId, suite.yayasan.id), eq(fundraisers.customerId, customerId)));
    expect(rows).toHaveLength(MAX_OPEN_PAGES_PER_CUSTOMER);
    // A closed page no longer counts.
    const first = results.find((r) => r.ok);
    if (!first?.ok) throw new Error('none started');
    await staffAct(suite.db, {
      tenantId: suite.yayasan.id,
      id: first.fundraiser.id,
      action: 'close',
      staffId: await staffId(),
    });
    expect((await start(campaign.publicId, customerId, { title: 'Again', displayName: 'Refund Desk' })).ok).toBe(true);
  });

  it('masks links and phone numbers of a page staff have not approved, on the page and the leaderboard', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await optOut(campaign.id);
    const result = await start(campaign.publicId, await person(), PHISH);
    if (!result.ok) throw new Error(result.error);
    expect(result.fundraiser.status).toBe('live');
    const page = await fundraiserPage(suite.db, suite.yayasan.id, campaign.publicId, result.fundraiser.slug, 'A', NOW);
    const shown = JSON.stringify(page?.fundraiser);
    for (const leak of ['evil.example', 'https://', '345 6789', '12-345']) expect(shown).not.toContain(leak);
    expect(page?.fundraiser).toMatchObject({
      title: `URGENT: claim your flood aid at ${MASK}`,
      displayName: `Official Refund Desk ${MASK}`,
      masked: true,
    });
    expect(page?.fundraiser.story).toBe(
      `To receive your aid, verify your bank account at ${MASK} or WhatsApp ${MASK}.`,
    );
    const board = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id);
    expect(JSON.stringify(board.fundraisers)).not.toContain('evil.example');
    // Approved by staff: shown as written.
    await staffAct(suite.db, {
      tenantId: suite.yayasan.id,
      id: result.fundraiser.id,
      action: 'approve',
      staffId: await staffId(),
    });
    const approved = await fundraiserPage(
      suite.db,
      suite.yayasan.id,
      campaign.publicId,
      result.fundraiser.slug,
      'A',
      NOW,
    );
    expect(approved?.fundraiser).toMatchObject({ title: PHISH.title, story: PHISH.story, masked: false });
  });

  it('hides a page reported by 3 distinct people at once, and tells the owners once', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await optOut(campaign.id, 3);
    const result = await start(campaign.publicId, await person(), PHISH);
    if (!result.ok) throw new Error(result.error);
    const { slug } = result.fundraiser;
    const report = (clientIp: string, customerId: string | null = null) =>
      reportFundraiser(suite.db, {
        tenantId: suite.yayasan.id,
        campaignPublicId: campaign.publicId,
        slug,
        reason: 'Phishing: asks for bank details',
        clientIp,
        customerId,
      });
    // One person reporting again and again counts once.
    for (let i = 0; i < 3; i += 1) expect(await report('198.51.100.31')).toBe('sent');
    const reporter = await person();
    expect(await report('198.51.100.32', reporter)).toBe('sent');
    expect(await report('198.51.100.33', reporter)).toBe('sent');
    const status = async () =>
      (await suite.db.select().from(fundraisers).where(eq(fundraisers.id, result.fundraiser.id)))[0]?.status;
    expect(await status()).toBe('live');
    // The third distinct person: two at once, from two addresses.
    const last = await Promise.all([report('198.51.100.34'), report('198.51.100.35')]);
    expect(last.every((r) => r === 'sent' || r === 'not_found')).toBe(true);
    expect(await status()).toBe('hidden');
    expect(await fundraiserPage(suite.db, suite.yayasan.id, campaign.publicId, slug, 'A', NOW)).toBeNull();
    const told = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, suite.yayasan.id), eq(outbox.template, 'fundraiser-reported')));
    const owners = await suite.db
      .select()
      .from(staff)
      .where(and(eq(staff.tenantId, suite.yayasan.id), eq(staff.role, 'owner')));
    expect(told.map((m) => m.destination).sort()).toEqual(owners.map((o) => o.email).sort());
    expect((told[0]?.payload as { link?: string } | undefined)?.link).toContain(
      `/staff/fundraisers/${result.fundraiser.id}`,
    );
  });
});
