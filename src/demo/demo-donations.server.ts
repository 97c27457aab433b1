import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { campaignImages, campaigns, donations, staff, tenantSettings, tenants } from '#db/schema/index.ts';
import { campaignImagesFrom, type ProcessedImage } from '#features/donations/index.server.ts';
import { newPublicId } from '#features/invoices/index.server.ts';
import { DEMO_CAMPAIGNS, DEMO_DONORS, DEMO_MESSAGES, type DemoCampaign } from './demo-campaigns';

const DAY_MS = 24 * 60 * 60 * 1000;

const MOTIFS: Record<DemoCampaign['motif'], string> = {
  heart: '<path d="M800 700s-260-150-330-300a170 170 0 0 1 330-110 170 170 0 0 1 330 110c-70 150-330 300-330 300Z"/>',
  drop: '<path d="M800 170c120 170 230 300 230 420a230 230 0 0 1-460 0c0-120 110-250 230-420Z"/>',
  book: '<path d="M460 260h300v420H460a60 60 0 0 1-60-60V320a60 60 0 0 1 60-60Zm380 0h300a60 60 0 0 1 60 60v300a60 60 0 0 1-60 60H840Z"/>',
  house: '<path d="M800 180 460 450h90v260h170V560h160v150h170V450h90Z"/>',
  moon: '<path d="M900 180a280 280 0 1 0 0 540 230 230 0 1 1 0-540Z"/><circle cx="1060" cy="300" r="28"/>',
  hands:
    '<circle cx="650" cy="330" r="85"/><circle cx="950" cy="330" r="85"/><path d="M470 700c0-140 80-230 180-230s180 90 180 230Zm300 0c0-140 80-230 180-230s180 90 180 230Z"/>',
};

/** A simple illustrated cover: the campaign's colours and motif (no text, no fonts needed). */
function coverSvg(c: DemoCampaign): string {
  const [from, to] = c.colours;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#g)"/>
<circle cx="1380" cy="140" r="260" fill="#fff" fill-opacity=".07"/><circle cx="180" cy="820" r="320" fill="#fff" fill-opacity=".06"/>
<g fill="#fff" fill-opacity=".9">${MOTIFS[c.motif]}</g></svg>`;
}

// Rendering is the slow part of the seed: once per process, and kept on disk between processes
// (tests seed many databases, each test file in its own process).
const CACHE_DIR = path.join(tmpdir(), 'serambi-seed-images');
const rendered = new Map<string, Promise<ProcessedImage[] | null>>();

async function renderCached(svg: string): Promise<ProcessedImage[] | null> {
  const file = path.join(CACHE_DIR, `${createHash('sha256').update(svg).digest('hex').slice(0, 24)}.json`);
  const cached = await readFile(file, 'utf8').catch(() => null);
  if (cached) {
    try {
      const parsed = JSON.parse(cached) as (Omit<ProcessedImage, 'bytes'> & { bytes: string })[];
      return parsed.map((image) => ({ ...image, bytes: new Uint8Array(Buffer.from(image.bytes, 'base64')) }));
    } catch {
      // A broken cache file is rendered again.
    }
  }
  const images = await campaignImagesFrom(new TextEncoder().encode(svg));
  if (images) {
    const text = JSON.stringify(
      images.map((image) => ({ ...image, bytes: Buffer.from(image.bytes).toString('base64') })),
    );
    const temporary = `${file}.${process.pid}.tmp`;
    await mkdir(CACHE_DIR, { recursive: true })
      .then(() => writeFile(temporary, text))
      .then(() => rename(temporary, file))
      .catch(() => {});
  }
  return images;
}

function imagesOf(c: DemoCampaign) {
  let images = rendered.get(c.key);
  if (!images) {
    images = renderCached(coverSvg(c));
    rendered.set(c.key, images);
  }
  return images;
}

/** A small deterministic generator, so every fresh install shows the same history. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A demo foundation's receipt and fee settings (yayasan issues tax receipts; peduli does not). */
export function demoDonationSettings(slug: string, registrationNo: string, minor: (major: number) => number) {
  return slug === 'yayasan'
    ? {
        registrationNumber: registrationNo,
        taxExemptRef: 'LHDN.01/35/42/51/179-6.7061',
        issuesTaxReceipts: true,
        receiptOfficerName: 'Hajah Rohani binti Ismail',
        receiptOfficerTitle: 'Pengurus Kewangan',
        donationFeeRates: {
          card: { rateBps: 250, fixedMinor: 50 },
          fpx: { rateBps: 0, fixedMinor: 100 },
        },
        donationMinMinor: minor(5),
      }
    : {
        registrationNumber: registrationNo,
        issuesTaxReceipts: false,
        receiptOfficerName: 'Dewi Lestari',
        receiptOfficerTitle: 'Bendahara',
        donationFeeRates: {
          card: { rateBps: 290, fixedMinor: 2000 },
          fpx: { rateBps: 0, fixedMinor: 4000 },
        },
        donationMinMinor: minor(10000),
      };
}

/**
 * Gives each donation organisation of the demo its campaigns (pictures, three languages) and a
 * history of paid gifts (some anonymous, some offline) whose sums are the campaigns' totals.
 */
export async function seedDemoDonations(db: Db, now = new Date()): Promise<void> {
  for (const [slug, list] of Object.entries(DEMO_CAMPAIGNS)) {
    const [tenant] = await db
      .select({ id: tenants.id, multiplier: tenantSettings.currencyMultiplier, registrationNo: tenants.registrationNo })
      .from(tenants)
      .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
      .where(eq(tenants.slug, slug));
    if (!tenant) continue;
    const [owner] = await db.select({ id: staff.id }).from(staff).where(eq(staff.tenantId, tenant.id)).limit(1);
    const minor = (major: number) => Math.round(major * tenant.multiplier);
    await db
      .update(tenantSettings)
      .set(demoDonationSettings(slug, tenant.registrationNo, minor))
      .where(eq(tenantSettings.tenantId, tenant.id));
    const names = DEMO_DONORS[slug] ?? ['Donor'];
    for (const [index, c] of list.entries()) {
      const next = random(index * 7919 + slug.length * 104729);
      const startsAt = new Date(now.getTime() + c.startsIn * DAY_MS);
      const endsAt = c.endsIn === null ? null : new Date(now.getTime() + c.endsIn * DAY_MS);
      const gifts = Array.from({ length: c.gifts }, (_, i) => {
        const pick = next();
        // Mostly suggested amounts, some round custom ones, a few large gifts.
        const major =
          pick < 0.6
            ? (c.suggested[Math.floor(next() * c.suggested.length)] ?? c.typical)
            : pick < 0.92
              ? Math.max(c.min, Math.round((c.typical * (0.3 + next() * 1.4)) / c.min) * c.min)
              : c.typical * (5 + Math.floor(next() * 6));
        const span = Math.max(1, Math.min(now.getTime(), endsAt?.getTime() ?? now.getTime()) - startsAt.getTime());
        const paidAt = new Date(startsAt.getTime() + ((i + next()) / c.gifts) * span);
        const anonymous = next() < 0.25;
        const offline = next() < 0.1;
        return {
          tenantId: tenant.id,
          publicId: newPublicId(),
          amountMinor: minor(major),
          status: 'paid' as const,
          donorName: names[Math.floor(next() * names.length)] ?? null,
          anonymous,
          message: next() < 0.15 ? (DEMO_MESSAGES[Math.floor(next() * DEMO_MESSAGES.length)]?.ms ?? null) : null,
          offline,
          recordedBy: offline ? (owner?.id ?? null) : null,
          locale: slug === 'peduli' ? 'id' : 'ms',
          createdAt: paidAt,
          paidAt,
        };
      });
      const [campaign] = await db
        .insert(campaigns)
        .values({
          tenantId: tenant.id,
          publicId: c.key,
          title: c.title,
          summary: c.summary,
          story: c.story,
          category: c.category,
          goalMinor: c.goal === null ? null : minor(c.goal),
          startsAt,
          endsAt,
          suggestedAmounts: c.suggested.map(minor),
          minAmountMinor: minor(c.min),
          oneTime: true,
          weeklyCounts: c.weekly,
          monthlyCounts: c.monthly,
          coverFeesAllowed: true,
          status: c.ended ? 'ended' : 'live',
          featured: c.featured,
          eventDate: c.eventIn === undefined ? null : new Date(now.getTime() + c.eventIn * DAY_MS),
          permitNumber: c.permit?.number ?? null,
          permitValidUntil: c.permit
            ? new Date(now.getTime() + c.permit.validDays * DAY_MS).toISOString().slice(0, 10)
            : null,
          raisedMinor: gifts.reduce((sum, g) => sum + g.amountMinor, 0),
          donorCount: gifts.length,
          createdAt: startsAt,
          updatedAt: startsAt,
        })
        .returning({ id: campaigns.id });
      if (!campaign) throw new Error(`campaign ${c.key} not created`);
      await db.insert(donations).values(gifts.map((g) => ({ ...g, campaignId: campaign.id })));
      const images = await imagesOf(c);
      for (const image of images ?? []) {
        await db.insert(campaignImages).values({
          ...image,
          tenantId: tenant.id,
          campaignId: campaign.id,
          version: 'seed1',
        });
      }
    }
  }
}
