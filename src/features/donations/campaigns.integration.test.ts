import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { campaignImages, campaigns, donations, staff } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import {
  campaignForm,
  campaignImage,
  campaignPage,
  campaignTotals,
  donationFilterOf,
  donationLanding,
  endCampaign,
  SHARE_IMAGE,
  saveCampaign,
  staffDonations,
} from './index.server.ts';
import { recordTestOfflineGift } from './test-support';

composeApp();

describe.each(testDatabaseKinds)('campaigns on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;
  let peduli: Tenant;
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    yayasan = (await resolveTenant(database.db, 'yayasan.localhost')) as Tenant;
    peduli = (await resolveTenant(database.db, 'peduli.localhost')) as Tenant;
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, yayasan.id));
    staffId = member?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('seeds each foundation with campaigns whose totals are the sums of their paid gifts', async () => {
    for (const tenant of [yayasan, peduli]) {
      const rows = await database.db.select().from(campaigns).where(eq(campaigns.tenantId, tenant.id));
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(rows.length).toBeLessThanOrEqual(6);
      for (const row of rows) {
        const gifts = await database.db
          .select()
          .from(donations)
          .where(and(eq(donations.campaignId, row.id), eq(donations.status, 'paid')));
        expect(row.raisedMinor).toBe(gifts.reduce((sum, g) => sum + g.amountMinor, 0));
        expect(row.donorCount).toBe(gifts.length);
        expect(gifts.some((g) => g.anonymous)).toBe(true);
        const images = await database.db.select().from(campaignImages).where(eq(campaignImages.campaignId, row.id));
        expect(images.map((i) => i.kind).sort()).toEqual(['cover', 'share']);
      }
    }
  });

  it('lists live campaigns featured first and ended ones apart; a draft is nowhere', async () => {
    const values = campaignForm(yayasan.currency).parse({
      title_en: 'Draft only',
      category: 'general',
      starts_on: '2026-01-01',
      min_amount: '5',
      one_time: 'on',
      status: 'draft',
    });
    const draft = await saveCampaign(database.db, yayasan, { id: null, values, image: null, staffId });
    if (!draft.ok) throw new Error('not saved');
    const landing = await donationLanding(database.db, yayasan.id, new Date());
    expect(landing.live.length).toBeGreaterThan(0);
    expect(landing.live[0]?.featured).toBe(true);
    expect(landing.live.filter((c) => c.featured).length).toBeLessThanOrEqual(1);
    expect(landing.ended.length).toBeGreaterThan(0);
    expect([...landing.live, ...landing.ended].some((c) => c.publicId === draft.campaign.publicId)).toBe(false);
    expect(await campaignPage(database.db, yayasan.id, draft.campaign.publicId, new Date(), 'Anon')).toBeNull();
    expect(await campaignTotals(database.db, yayasan.id, draft.campaign.publicId)).toBeNull();
  });

  it('shows a campaign page with its recent donors, anonymous ones as anonymous, and only to its own tenant', async () => {
    const [live] = (await donationLanding(database.db, yayasan.id, new Date())).live;
    if (!live) throw new Error('no live campaign');
    const page = await campaignPage(database.db, yayasan.id, live.publicId, new Date(), 'Anonymous');
    expect(page?.open).toBe(true);
    expect(page?.recentDonors.length).toBeGreaterThan(0);
    const latest = await database.db
      .select()
      .from(donations)
      .where(and(eq(donations.campaignId, live.id), eq(donations.status, 'paid')))
      .orderBy(desc(donations.paidAt), desc(donations.id))
      .limit(8);
    expect(latest.some((d) => d.anonymous)).toBe(true);
    expect(page?.recentDonors.map((d) => d.name)).toEqual(latest.map((d) => (d.anonymous ? 'Anonymous' : d.donorName)));
    expect(await campaignPage(database.db, peduli.id, live.publicId, new Date(), 'Anonymous')).toBeNull();
    expect(await campaignPage(database.db, yayasan.id, '../etc', new Date(), 'Anonymous')).toBeNull();
  });

  it('resizes an upload to a cover and a 1200×630 share picture under 300 KB, served by public id', async () => {
    // A noisy 4000×3000 photo: the hardest case for the size limit.
    const noise = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) % 251;
    const photo = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .resize(4000, 3000, { kernel: 'nearest' })
      .jpeg({ quality: 95 })
      .toBuffer();
    const values = campaignForm(yayasan.currency).parse({
      title_en: 'With a picture',
      title_ms: 'Dengan gambar',
      category: 'health',
      starts_on: '2026-01-01',
      min_amount: '5',
      one_time: 'on',
      status: 'live',
    });
    const saved = await saveCampaign(database.db, yayasan, { id: null, values, image: photo, staffId });
    if (!saved.ok) throw new Error(saved.reason);
    const share = await campaignImage(database.db, yayasan.id, saved.campaign.publicId, 'share');
    expect(share?.contentType).toBe('image/jpeg');
    expect(share?.bytes.length).toBeLessThanOrEqual(SHARE_IMAGE.maxBytes);
    const meta = await sharp(Buffer.from(share?.bytes ?? [])).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(await campaignImage(database.db, peduli.id, saved.campaign.publicId, 'share')).toBeNull();

    const bad = await saveCampaign(database.db, yayasan, {
      id: saved.campaign.id,
      values,
      image: new TextEncoder().encode('not a picture'),
      staffId,
    });
    expect(bad).toEqual({ ok: false, reason: 'bad_image' });

    const ended = await endCampaign(database.db, yayasan.id, saved.campaign.id, staffId);
    expect(ended?.status).toBe('ended');
    expect(await endCampaign(database.db, yayasan.id, saved.campaign.id, staffId)).toBeNull();
    const page = await campaignPage(database.db, yayasan.id, saved.campaign.publicId, new Date(), 'Anon');
    expect(page?.open).toBe(false);
    expect(page?.ended).toBe(true);
  });

  it('filters donations for staff by campaign, kind and donor', async () => {
    const [live] = (await donationLanding(database.db, peduli.id, new Date())).live;
    if (!live) throw new Error('no live campaign');
    const all = await staffDonations(database.db, peduli.id, donationFilterOf({ campaign: live.id }, peduli.timeZone));
    expect(all.length).toBe(live.donorCount);
    expect(all.every((r) => r.campaignPublicId === live.publicId)).toBe(true);
    const offline = await staffDonations(
      database.db,
      peduli.id,
      donationFilterOf({ kind: 'offline' }, peduli.timeZone),
    );
    expect(offline.every((r) => r.donation.offline)).toBe(true);
    const name = all[0]?.donation.donorName ?? '';
    const byName = await staffDonations(
      database.db,
      peduli.id,
      donationFilterOf({ q: name.slice(0, 5) }, peduli.timeZone),
    );
    expect(byName.length).toBeGreaterThan(0);
    expect(
      byName.every((r) => (r.donation.donorName ?? '').toLowerCase().includes(name.slice(0, 5).toLowerCase())),
    ).toBe(true);
    expect(await staffDonations(database.db, yayasan.id, donationFilterOf({ campaign: live.id }, 'UTC'))).toEqual([]);
  });

  it('a crowd asking for a campaign’s totals costs one read; a gift paid here shows at once', async () => {
    const [live] = (await donationLanding(database.db, peduli.id, new Date())).live;
    if (!live) throw new Error('no live campaign');
    const counter = countQueries(database);
    const crowd = await Promise.all(
      Array.from({ length: 50 }, () => campaignTotals(counter.db, peduli.id, live.publicId)),
    );
    expect(counter.count()).toBe(1);
    expect(new Set(crowd.map((t) => JSON.stringify(t))).size).toBe(1);
    const before = crowd[0];
    if (!before) throw new Error('no totals');
    const gift = await recordTestOfflineGift(database.db, peduli, {
      campaignId: live.id,
      staffId,
      amountMinor: 1234,
      donorName: 'Tunai',
    });
    expect(gift).not.toBeNull();
    expect(await campaignTotals(counter.db, peduli.id, live.publicId)).toEqual({
      ...before,
      raisedMinor: before.raisedMinor + 1234,
      donorCount: before.donorCount + 1,
    });
    expect(counter.count()).toBe(1);
  });
});
