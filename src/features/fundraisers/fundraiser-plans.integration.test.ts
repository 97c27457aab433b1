// Issue 13 follow-up: a weekly/monthly gift started on a fundraiser's page keeps its fundraiser
// (and team) for every instalment the job charges later, even once the page is hidden.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donationPlans, donations, fundraisers, fundraiserTeams, invoices, rateLimits } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { runDueInstalments, startDonationCheckout, submitDonationCart } from '#features/donations/index.server.ts';
import { aFoundation, payInSandbox, testDonor } from '#features/donations/test-support.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { aFundraisingCampaign } from './fundraisers-test-support.ts';
import { fundraiserTotalsDrift, staffAct, startFundraiser, startFundraiserSchema } from './index.server.ts';

composeApp();

// 10:00 in Kuala Lumpur on Monday 23 Nov 2026: the checkout's day, the first gift's.
const NOW = new Date('2026-11-23T02:00:00Z');
const at = (day: string) => new Date(`${day}T02:00:00Z`);

describe.each(testDatabaseKinds)('recurring gifts through a fundraiser on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;
  let campaign: { id: string; publicId: string };
  let customerId = '';
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    yayasan = await aFoundation(database.db, 'yayasan');
    ({ campaign, customerId, staffId } = await aFundraisingCampaign(
      database.db,
      yayasan,
      `aisyah-plans-${kind}@example.com`,
      { minAmountMinor: 100, monthlyCounts: [3] },
    ));
  }, 180_000);
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('attributes every instalment of a monthly×3 plan to the fundraiser and team, hidden page or not', async () => {
    const db = database.db;
    const started = await startFundraiser(db, {
      tenantId: yayasan.id,
      timeZone: yayasan.timeZone,
      campaignPublicId: campaign.publicId,
      customerId,
      locale: 'ms',
      values: startFundraiserSchema(yayasan.currency).parse({
        title: 'Kayuh untuk sekolah',
        displayName: 'Aisyah Kayuh',
        team: 'create',
        teamName: 'Pasukan Hijau',
      }),
      photo: null,
      identity: null,
      now: NOW,
    });
    if (!started.ok) throw new Error(`not started: ${started.error}`);
    const fundraiser = started.fundraiser;
    expect(fundraiser.teamId).not.toBeNull();

    // One checkout: a monthly×3 line through the page and a one-time line straight to the campaign.
    await db.delete(rateLimits);
    const result = await startDonationCheckout(db, {
      tenant: yayasan,
      lines: [
        {
          campaignId: campaign.id,
          amountMinor: 3000,
          type: 'monthly',
          count: 3,
          coverFees: false,
          fundraiserId: fundraiser.id,
        },
        { campaignId: campaign.id, amountMinor: 2000, type: 'one-time', coverFees: false },
      ],
      donor: testDonor({ email: `plan-${kind}@example.com` }),
      customerId: null,
      locale: 'ms',
      clientIp: '198.51.100.7',
      now: NOW,
    });
    if (!result.ok) throw new Error(`checkout refused: ${JSON.stringify(result)}`);
    const invoice = await invoiceByPublicId(db, yayasan, result.invoicePublicId);
    if (!invoice) throw new Error('no invoice');
    await payInSandbox(db, { tenant: yayasan, invoice, ip: '198.51.100.8', now: NOW });

    const [plan] = await db.select().from(donationPlans).where(eq(donationPlans.campaignId, campaign.id));
    expect(plan).toMatchObject({
      status: 'active',
      fundraiserId: fundraiser.id,
      fundraiserTeamId: fundraiser.teamId,
    });
    const direct = await db
      .select()
      .from(donations)
      .where(and(eq(donations.invoiceId, invoice.id), eq(donations.amountMinor, 2000)));
    expect(direct.map((d) => [d.status, d.fundraiserId])).toEqual([['paid', null]]);

    // The page is hidden by staff before the later instalments: money given through it stays its own.
    const hidden = await staffAct(db, { tenantId: yayasan.id, id: fundraiser.id, action: 'hide', staffId });
    expect(hidden.ok).toBe(true);

    await runDueInstalments(db, at('2026-12-23'));
    await runDueInstalments(db, at('2027-01-23'));
    await runDueInstalments(db, at('2027-03-01')); // nothing left

    const gifts = await db
      .select()
      .from(donations)
      .where(eq(donations.planId, plan?.id ?? ''))
      .orderBy(asc(donations.instalmentSeq));
    expect(gifts.map((g) => [g.instalmentSeq, g.status, g.fundraiserId, g.fundraiserTeamId])).toEqual(
      [1, 2, 3].map((seq) => [seq, 'paid', fundraiser.id, fundraiser.teamId]),
    );
    const [after] = await db
      .select()
      .from(donationPlans)
      .where(eq(donationPlans.id, plan?.id ?? ''));
    expect(after).toMatchObject({ status: 'completed', chargesMade: 3 });

    // A plan's donor counts once (its first instalment); the money of every instalment counts.
    const [f] = await db.select().from(fundraisers).where(eq(fundraisers.id, fundraiser.id));
    expect(f).toMatchObject({ status: 'hidden', raisedMinor: 9000, donorCount: 1 });
    const [team] = await db
      .select()
      .from(fundraiserTeams)
      .where(eq(fundraiserTeams.id, fundraiser.teamId ?? ''));
    expect(team).toMatchObject({ raisedMinor: 9000, donorCount: 1 });
    expect(await fundraiserTotalsDrift(db, yayasan.id, campaign.id)).toEqual([]);
  }, 120_000);

  it("checks out a cart with a line through a fundraiser and a direct line; a hidden page's line is refused, nothing written", async () => {
    const db = database.db;
    const started = await startFundraiser(db, {
      tenantId: yayasan.id,
      timeZone: yayasan.timeZone,
      campaignPublicId: campaign.publicId,
      customerId,
      locale: 'en',
      values: startFundraiserSchema(yayasan.currency).parse({ title: 'Swim a mile', displayName: 'Ahmad Swims' }),
      photo: null,
      identity: null,
      now: NOW,
    });
    if (!started.ok) throw new Error(`not started: ${started.error}`);
    const ahmad = started.fundraiser;
    // The fields the cart checkout island posts (the browser's cart line carries the fundraiser's id).
    const cartFields = (key: string) => ({
      'line.0.campaignId': campaign.id,
      'line.0.amountMinor': '4000',
      'line.0.type': 'one-time',
      'line.0.fundraiserId': ahmad.id,
      'line.1.campaignId': campaign.id,
      'line.1.amountMinor': '1500',
      'line.1.type': 'one-time',
      name: 'Budi',
      phone: '0123456780',
      email: `cart-${kind}@example.com`,
      idempotencyKey: key,
    });
    const context = {
      tenant: yayasan,
      locale: 'en' as const,
      t: translator('en'),
      customerId: null,
      clientIp: '198.51.100.21',
    };
    await db.delete(rateLimits);
    const result = await submitDonationCart(db, context, cartFields(`cart-key-1-${kind}-0000000`));
    if (!result.ok) throw new Error(`cart refused: ${JSON.stringify(result)}`);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.publicId, result.invoicePublicId));
    const gifts = await db
      .select()
      .from(donations)
      .where(eq(donations.invoiceId, invoice?.id ?? ''))
      .orderBy(asc(donations.amountMinor));
    expect(gifts.map((g) => [g.amountMinor, g.fundraiserId, g.fundraiserTeamId])).toEqual([
      [1500, null, null],
      [4000, ahmad.id, null],
    ]);

    // Once staff hide the page, a cart still naming it is refused on that line and writes nothing.
    expect((await staffAct(db, { tenantId: yayasan.id, id: ahmad.id, action: 'hide', staffId })).ok).toBe(true);
    const before = (await db.select().from(donations)).length;
    const refused = await submitDonationCart(db, context, cartFields(`cart-key-2-${kind}-0000000`));
    expect(refused).toMatchObject({ ok: false, status: 422 });
    expect(refused.ok ? {} : refused.fields).toHaveProperty(['line.0']);
    expect((await db.select().from(donations)).length).toBe(before);
  });
});
