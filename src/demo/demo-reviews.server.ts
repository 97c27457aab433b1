import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { resources, reviewLinks, reviewSettings, reviews, tenants } from '#db/schema/index.ts';

/** The clinic's demo public review link (a made-up Google place id: the redirect goes only here). */
export const DEMO_REVIEW_URL = 'https://search.google.com/local/writereview?placeid=ChIJDemoKlinikSihat0001';

const DAY = 24 * 60 * 60_000;

/**
 * The clinic's review settings (a public link; home display off, as for every medical tenant),
 * a practitioner's and a branch's review page, and a few reviews and private feedback for staff.
 */
export async function seedDemoReviews(db: Db, now = new Date()): Promise<void> {
  const [klinik] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'klinik'));
  if (!klinik) return;
  const [aina] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.tenantId, klinik.id), eq(resources.name, 'Dr. Nurul Aina')));
  await db.insert(reviewSettings).values({ tenantId: klinik.id, publicReviewUrl: DEMO_REVIEW_URL, showOnHome: false });
  const [link] = await db
    .insert(reviewLinks)
    .values([
      {
        tenantId: klinik.id,
        slug: 'dr-aina',
        kind: 'practitioner',
        resourceId: aina?.id ?? null,
        name: 'Dr. Nurul Aina',
      },
      { tenantId: klinik.id, slug: 'ampang', kind: 'branch', name: 'Klinik Sihat Ampang' },
    ])
    .returning({ id: reviewLinks.id });
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  await db.insert(reviews).values([
    {
      tenantId: klinik.id,
      kind: 'review',
      rating: 5,
      comment: 'Doktor sangat teliti dan mesra. Tak perlu tunggu lama.',
      authorName: 'Hafizah',
      resourceId: aina?.id ?? null,
      linkId: link?.id ?? null,
      mayPublish: true,
      // Staff approved it for the home page (none shows without that).
      moderation: 'approved',
      locale: 'ms',
      createdAt: at(2),
      updatedAt: at(2),
    },
    {
      tenantId: klinik.id,
      kind: 'review',
      rating: 2,
      comment: 'Waited 50 minutes past my appointment time.',
      locale: 'en',
      createdAt: at(4),
      updatedAt: at(4),
    },
    {
      tenantId: klinik.id,
      kind: 'feedback',
      comment: 'The parking sign outside is hard to see at night.',
      authorName: 'Jason Lee',
      contactConsent: true,
      contactEmail: 'jason.lee@example.my',
      locale: 'en',
      createdAt: at(1),
      updatedAt: at(1),
    },
    {
      tenantId: klinik.id,
      kind: 'review',
      rating: 4,
      comment: 'Pelayanan ramah, ruang tunggu bersih.',
      authorName: 'Dewi',
      locale: 'id',
      status: 'handled',
      handledAt: at(5),
      createdAt: at(6),
      updatedAt: at(6),
    },
  ]);
}
