import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import type { Db } from '#db/client.server.ts';
import { openDatabase } from '#db/client.server.ts';
import {
  campaigns,
  customers,
  donations,
  fundraisers,
  invoiceLines,
  invoices,
  outbox,
  payments,
  rateLimits,
} from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { startDonationCheckout } from '#features/donations/index.server.ts';
import { insertTestCampaign, testDonor } from '#features/donations/test-support.ts';
import { refundPayment, settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { aFundraisingCampaign, openFundraising } from './fundraisers-test-support.ts';
import {
  campaignLeaderboard,
  fundraiserPage,
  fundraiserTotalsDrift,
  manageFundraiser,
  sendDailyDigests,
  staffAct,
  staffFundraisers,
  staffTeams,
  startFundraiser,
  startFundraiserSchema,
} from './index.server.ts';

composeApp();

const NOW = new Date('2026-11-23T02:00:00Z');
const GIFTS = 50;

describe.each(testDatabaseKinds)('fundraisers on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let yayasan: Tenant;
  let campaign: { id: string; publicId: string };
  let customerId = '';
  let staffId = '';
  let ip = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    yayasan = (await resolveTenant(database.db, 'yayasan.localhost')) as Tenant;
    ({ campaign, customerId, staffId } = await aFundraisingCampaign(
      database.db,
      yayasan,
      `aisyah-${kind}@example.com`,
      {
        minAmountMinor: 100,
      },
    ));
    if (database.url) second = await openDatabase({ url: database.url });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  const values = (fields: Record<string, string>) => startFundraiserSchema(yayasan.currency).parse(fields);
  let people = 0;
  /** A customer of its own for each page (one customer may have only 3 open pages). */
  const person = async () => {
    people += 1;
    const [row] = await database.db
      .insert(customers)
      .values({ tenantId: yayasan.id, name: `Supporter ${people}`, email: `supporter-${people}-${kind}@example.com` })
      .returning();
    return row?.id ?? '';
  };
  const start = async (fields: Record<string, string>, owner?: string) =>
    startFundraiser(database.db, {
      tenantId: yayasan.id,
      timeZone: yayasan.timeZone,
      campaignPublicId: campaign.publicId,
      customerId: owner ?? (await person()),
      locale: 'ms',
      values: values(fields),
      photo: null,
      identity: null,
      now: NOW,
    });
  const created = async (fields: Record<string, string>, owner?: string) => {
    const result = await start(fields, owner);
    if (!result.ok) throw new Error(`not started: ${result.error}`);
    return result.fundraiser;
  };

  /** Pays an invoice in full through a sandbox payment (settled as a webhook would). */
  async function payInvoice(publicId: string, via: Db = database.db) {
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.publicId, publicId));
    if (!invoice) throw new Error('no invoice');
    const [payment] = await database.db
      .insert(payments)
      .values({
        tenantId: yayasan.id,
        invoiceId: invoice.id,
        provider: 'sandbox',
        method: 'card',
        amount: invoice.total,
      })
      .returning();
    return { invoice, paymentId: payment?.id ?? '', via };
  }
  const settle = (paymentId: string, via: Db = database.db) =>
    settlePayment(via, { tenantId: yayasan.id, paymentId, status: 'paid', via: 'webhook' });

  async function give(lines: { amountMinor: number; fundraiserId?: string }[], email: string | null = null) {
    await database.db.delete(rateLimits);
    ip += 1;
    const result = await startDonationCheckout(database.db, {
      tenant: yayasan,
      lines: lines.map((l) => ({ campaignId: campaign.id, type: 'one-time' as const, coverFees: false, ...l })),
      donor: testDonor({ email, phone: `6012${String(1_000_000 + ip)}` }),
      customerId: null,
      locale: 'en',
      clientIp: `198.51.100.${ip % 250}`,
      now: NOW,
    });
    return result;
  }

  it('attributes one line of a mixed cart to the fundraiser and its team, the other to the campaign alone', async () => {
    const captain = await created(
      { title: 'Lari untuk Gaza', displayName: 'Siti Run', team: 'create', teamName: 'Pasukan Biru' },
      customerId,
    );
    expect(captain.slug).toBe('siti-run');
    expect(captain.status).toBe('live');
    const result = await give(
      [{ amountMinor: 3000, fundraiserId: captain.id }, { amountMinor: 2000 }],
      `mixed-${kind}@example.com`,
    );
    if (!result.ok) throw new Error(`checkout refused: ${JSON.stringify(result)}`);
    const { invoice, paymentId } = await payInvoice(result.invoicePublicId);
    const lines = await database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(lines).toHaveLength(2);
    await settle(paymentId);
    const gifts = await database.db.select().from(donations).where(eq(donations.invoiceId, invoice.id));
    const through = gifts.find((g) => g.amountMinor === 3000);
    const direct = gifts.find((g) => g.amountMinor === 2000);
    expect(through?.fundraiserId).toBe(captain.id);
    expect(through?.fundraiserTeamId).toBe(captain.teamId);
    expect(direct?.fundraiserId).toBeNull();
    const [c] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(c?.raisedMinor).toBe(5000);
    const page = await fundraiserPage(database.db, yayasan.id, campaign.publicId, 'siti-run', 'Anon', NOW);
    expect(page?.fundraiser.raisedMinor).toBe(3000);
    expect(page?.fundraiser.donorCount).toBe(1);
    expect(page?.fundraiser.team).toMatchObject({ name: 'Pasukan Biru', raisedMinor: 3000, donorCount: 1 });
    expect(page?.recentDonors.map((d) => d.name)).toEqual(['Siti Aminah']);
    expect(await fundraiserTotalsDrift(database.db, yayasan.id, campaign.id)).toEqual([]);
    // The receipt of the gift through the page names the fundraiser; the direct one does not.
    const receipts = await database.db.select().from(outbox).where(eq(outbox.template, 'donation-receipt'));
    const campaignsNamed = receipts
      .filter((r) => r.destination === `mixed-${kind}@example.com`)
      .map((r) => String((r.payload as { campaign?: string }).campaign));
    expect(campaignsNamed).toHaveLength(2);
    expect(campaignsNamed.filter((c) => c.includes('Siti Run'))).toHaveLength(1);
    // The fundraiser (who chose "at each gift") is told, in their language.
    const told = await database.db.select().from(outbox).where(eq(outbox.template, 'fundraiser-gift'));
    expect(told.map((m) => [m.destination, m.locale])).toEqual([[`aisyah-${kind}@example.com`, 'ms']]);
  });

  it(`keeps fundraiser and team totals exact under ${GIFTS} concurrent paid webhooks, and a refund takes a gift out`, async () => {
    const team = (await fundraiserPage(database.db, yayasan.id, campaign.publicId, 'siti-run', 'Anon', NOW))?.fundraiser
      .team;
    const members = [
      await created({ title: 'Kayuh 100 km', displayName: 'Siti Run', team: 'join', teamSlug: team?.slug ?? '' }),
      await created({ title: 'Berenang', displayName: 'Ahmad', team: 'join', teamSlug: team?.slug ?? '' }),
    ];
    expect(members[0]?.slug).toBe('siti-run-2');
    const before = await campaignLeaderboard(database.db, yayasan.id, campaign.id, { offset: 0, limit: 10 });
    const teamBefore = before.teams[0];
    const invoicesMade = [];
    for (let i = 0; i < GIFTS; i += 1) {
      const member = members[i % 2];
      const result = await give([{ amountMinor: 1000 + i, fundraiserId: member?.id ?? '' }]);
      if (!result.ok) throw new Error('checkout refused');
      invoicesMade.push(await payInvoice(result.invoicePublicId, i % 2 === 1 && second ? second.db : database.db));
    }
    // Every payment settled twice at once (webhook and its replay), across two app instances on PostgreSQL.
    await Promise.all(invoicesMade.flatMap((p) => [settle(p.paymentId, p.via), settle(p.paymentId, database.db)]));
    const expected = [0, 1].map((m) =>
      Array.from({ length: GIFTS }, (_, i) => i)
        .filter((i) => i % 2 === m)
        .reduce((sum, i) => sum + 1000 + i, 0),
    );
    const board = await campaignLeaderboard(database.db, yayasan.id, campaign.id, { offset: 0, limit: 10 });
    const byId = new Map(board.fundraisers.map((f) => [f.id, f]));
    expect(byId.get(members[0]?.id ?? '')?.raisedMinor).toBe(expected[0]);
    expect(byId.get(members[1]?.id ?? '')?.raisedMinor).toBe(expected[1]);
    expect(board.teams[0]?.raisedMinor).toBe((teamBefore?.raisedMinor ?? 0) + (expected[0] ?? 0) + (expected[1] ?? 0));
    expect(board.teams[0]?.donorCount).toBe((teamBefore?.donorCount ?? 0) + GIFTS);
    expect(board.teams[0]?.members).toBe(3);
    expect(await fundraiserTotalsDrift(database.db, yayasan.id, campaign.id)).toEqual([]);

    // A refund in full takes the gift out of the fundraiser, the team and the campaign.
    const first = invoicesMade[0];
    const providers = {
      byName: () => ({ refund: async () => ({ status: 'succeeded' as const, providerRef: 're_f' }) }),
    };
    const refund = await refundPayment(database.db, providers, {
      tenantId: yayasan.id,
      paymentId: first?.paymentId ?? '',
      reason: 'staff',
      staffId,
    });
    expect(refund.ok).toBe(true);
    const after = await campaignLeaderboard(database.db, yayasan.id, campaign.id, { offset: 0, limit: 10 });
    expect(after.fundraisers.find((f) => f.id === members[0]?.id)?.raisedMinor).toBe((expected[0] ?? 0) - 1000);
    expect(after.teams[0]?.raisedMinor).toBe((board.teams[0]?.raisedMinor ?? 0) - 1000);
    expect(await fundraiserTotalsDrift(database.db, yayasan.id, campaign.id)).toEqual([]);
  }, 180_000);

  it('sends a daily digest once a day to a fundraiser who chose it', async () => {
    await database.db.update(fundraisers).set({ notify: 'digest' }).where(eq(fundraisers.campaignId, campaign.id));
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const first = await sendDailyDigests(database.db, tomorrow);
    expect(first.digests).toBe(3);
    expect((await sendDailyDigests(database.db, tomorrow)).digests).toBe(0);
    const digests = await database.db.select().from(outbox).where(eq(outbox.template, 'fundraiser-digest'));
    expect(digests).toHaveLength(3);
  });

  it('lets the owner thank every donor once per address through the outbox, three times a day', async () => {
    const page = await fundraiserPage(database.db, yayasan.id, campaign.publicId, 'siti-run', 'Anon', NOW);
    const thank = async (message: string, owner = customerId) => {
      const body = new FormData();
      body.set('action', 'thanks');
      body.set('message', message);
      const encoded = new Request('http://x.test/account', { method: 'POST', body });
      const bytes = await encoded.arrayBuffer();
      const request = new Request('http://x.test/account', {
        method: 'POST',
        body: bytes,
        headers: {
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': String(bytes.byteLength),
        },
      });
      return manageFundraiser(database.db, {
        tenant: yayasan,
        customerId: owner,
        id: page?.fundraiser.id ?? '',
        request,
        t: translator('en'),
      });
    };
    // Someone else's page is not theirs to manage.
    expect(await thank('Terima kasih!', crypto.randomUUID())).toBeNull();
    const first = await thank('Terima kasih semua!');
    expect(first?.notice?.type).toBe('success');
    const sent = await database.db.select().from(outbox).where(eq(outbox.template, 'fundraiser-thanks'));
    // The mixed cart's donor gave by e-mail; the others by phone: one message per address.
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((m) => m.destination)).size).toBe(sent.length);
    expect((await thank('Lagi sekali'))?.status).toBeUndefined();
    expect((await thank('Dan lagi'))?.status).toBeUndefined();
    expect((await thank('Terlalu banyak'))?.status).toBe(429);
  });

  it('ranks the leaderboard by the campaign rule and shows it from its minimum', async () => {
    await openFundraising(database.db, yayasan.id, campaign.id);
    let board = await campaignLeaderboard(database.db, yayasan.id, campaign.id, { offset: 0, limit: 10 });
    expect(board.visible).toBe(false); // 3 live
    const byAmount = board.fundraisers.map((f) => f.raisedMinor);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    await openFundraising(database.db, yayasan.id, campaign.id, { ranking: 'donors', leaderboardMin: 3 });
    board = await campaignLeaderboard(database.db, yayasan.id, campaign.id, { offset: 0, limit: 10 });
    expect(board.visible).toBe(true);
    expect(board.ranking).toBe('donors');
    const donorsOrder = board.fundraisers.map((f) => f.donorCount);
    expect(donorsOrder).toEqual([...donorsOrder].sort((a, b) => b - a));
    const paged = await campaignLeaderboard(database.db, yayasan.id, campaign.id, { offset: 1, limit: 1 });
    expect(paged.fundraisers.map((f) => f.id)).toEqual([board.fundraisers[1]?.id]);
  });

  it('keeps a page pending until staff approve it; a hidden page is gone and its gifts stop', async () => {
    await openFundraising(database.db, yayasan.id, campaign.id, { approval: true, ranking: 'score' });
    const page = await created({ title: 'Masak untuk yatim', displayName: 'Pak Lah' });
    expect(page.status).toBe('pending');
    expect(await fundraiserPage(database.db, yayasan.id, campaign.publicId, page.slug, 'Anon', NOW)).toBeNull();
    expect((await give([{ amountMinor: 500, fundraiserId: page.id }])).ok).toBe(false);
    const approved = await staffAct(database.db, { tenantId: yayasan.id, id: page.id, action: 'approve', staffId });
    expect(approved.ok && approved.row.status).toBe('live');
    const approvals = await database.db.select().from(outbox).where(eq(outbox.template, 'fundraiser-approved'));
    expect(approvals).toHaveLength(1);
    expect(await fundraiserPage(database.db, yayasan.id, campaign.publicId, page.slug, 'Anon', NOW)).not.toBeNull();
    expect((await give([{ amountMinor: 500, fundraiserId: page.id }])).ok).toBe(true);
    await staffAct(database.db, { tenantId: yayasan.id, id: page.id, action: 'hide', staffId });
    expect(await fundraiserPage(database.db, yayasan.id, campaign.publicId, page.slug, 'Anon', NOW)).toBeNull();
    const refused = await give([{ amountMinor: 500, fundraiserId: page.id }]);
    expect(refused).toMatchObject({ ok: false, reason: 'line_problem' });
  });

  it('seeds a visible leaderboard whose totals are its gifts', async () => {
    const [seeded] = await database.db.select().from(campaigns).where(eq(campaigns.publicId, 'banjir-kelantan'));
    if (!seeded) throw new Error('no seeded campaign');
    expect(await fundraiserTotalsDrift(database.db, seeded.tenantId, seeded.id)).toEqual([]);
    const board = await campaignLeaderboard(database.db, seeded.tenantId, seeded.id);
    expect(board.visible).toBe(true);
    expect(board.fundraisers[0]?.raisedMinor).toBeGreaterThan(0);
    expect(board.teams).toHaveLength(1);
    const teams = await staffTeams(database.db, seeded.tenantId);
    expect(teams.find((t) => t.name === 'Pasukan Sungai Golok')?.members).toBe(3);
    const rows = await staffFundraisers(database.db, seeded.tenantId, { status: 'live' });
    expect(rows.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a page for an ended or draft campaign', async () => {
    const draft = await insertTestCampaign(database.db, yayasan.id, { status: 'draft' });
    const ended = await insertTestCampaign(database.db, yayasan.id, { endsAt: new Date('2026-02-01T00:00:00Z') });
    for (const c of [draft, ended]) {
      const result = await startFundraiser(database.db, {
        tenantId: yayasan.id,
        timeZone: yayasan.timeZone,
        campaignPublicId: c.publicId,
        customerId,
        locale: 'en',
        values: values({ title: 'Nope', displayName: 'Nope' }),
        photo: null,
        identity: null,
        now: NOW,
      });
      expect(result).toMatchObject({ ok: false, status: 404 });
    }
  });
});
