import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import {
  campaignFundraising,
  campaigns,
  customers,
  donations,
  fundraisers,
  fundraiserTeams,
  tenants,
} from '#db/schema/index.ts';

// Issue 13: a few supporters' pages and a team on one foundation campaign, so its leaderboard looks
// real. Some of the campaign's seeded gifts are given through them; their totals are those gifts'.

const PEOPLE = [
  { name: 'Nurul Huda', slug: 'nurul-huda', title: 'Kayuh 100 km untuk mangsa banjir', team: true, goal: 3000 },
  { name: 'Hafiz Rahman', slug: 'hafiz-rahman', title: 'Larian amal Hafiz', team: true, goal: 2000 },
  { name: 'Mei Ling', slug: 'mei-ling', title: 'Bake sale for Kelantan', team: true, goal: 1500 },
  { name: 'Arun Kumar', slug: 'arun-kumar', title: 'Shaving my head for flood relief', team: false, goal: 1000 },
  {
    name: 'Siti Zulaikha',
    slug: 'siti-zulaikha',
    title: 'Hadiah hari jadi saya untuk banjir',
    team: false,
    goal: null,
  },
  { name: 'Farid Ismail', slug: 'farid-ismail', title: 'Pendakian Gunung Tahan', team: false, goal: 5000 },
] as const;

export async function seedDemoFundraisers(db: Db): Promise<void> {
  const [campaign] = await db
    .select({ id: campaigns.id, tenantId: campaigns.tenantId, createdAt: campaigns.createdAt })
    .from(campaigns)
    .innerJoin(tenants, eq(tenants.id, campaigns.tenantId))
    .where(and(eq(tenants.slug, 'yayasan'), eq(campaigns.publicId, 'banjir-kelantan')));
  if (!campaign) return;
  const { tenantId } = campaign;
  // The demo campaign opted out of approval (new pages go live at once, their links and phone
  // numbers masked until staff approve); every other campaign keeps the default: approval first.
  await db
    .insert(campaignFundraising)
    .values({ tenantId, campaignId: campaign.id, ranking: 'amount', leaderboardMin: 5, approval: false });
  const [team] = await db
    .insert(fundraiserTeams)
    .values({ tenantId, campaignId: campaign.id, slug: 'pasukan-sungai-golok', name: 'Pasukan Sungai Golok' })
    .returning();
  const rows = [];
  for (const [index, person] of PEOPLE.entries()) {
    const [customer] = await db
      .insert(customers)
      .values({ tenantId, name: person.name, email: `${person.slug}@fundraiser.example`, locale: 'ms' })
      .returning({ id: customers.id });
    const [row] = await db
      .insert(fundraisers)
      .values({
        tenantId,
        campaignId: campaign.id,
        customerId: customer?.id ?? null,
        teamId: person.team ? (team?.id ?? null) : null,
        slug: person.slug,
        title: person.title,
        displayName: person.name,
        story: `${person.title}.\n\nSetiap ringgit membantu keluarga yang kehilangan rumah dalam banjir.`,
        goalMinor: person.goal === null ? null : person.goal * 100,
        status: 'live',
        verification: index < 2 ? 'verified' : 'none',
        locale: 'ms',
        createdAt: new Date(campaign.createdAt.getTime() + index * 3_600_000),
      })
      .returning();
    if (row) rows.push(row);
  }
  // Gifts through the pages: about two in three of the campaign's online gifts, unevenly.
  const gifts = await db
    .select({ id: donations.id, amountMinor: donations.amountMinor })
    .from(donations)
    .where(and(eq(donations.campaignId, campaign.id), eq(donations.offline, false), eq(donations.status, 'paid')))
    .orderBy(asc(donations.paidAt));
  const pattern = [0, 1, 0, 2, 3, 0, 1, 4, 5, 1, 2, 0];
  const totals = new Map<string, { raisedMinor: number; donorCount: number }>();
  for (const [i, gift] of gifts.entries()) {
    if (i % 3 === 2) continue;
    const fundraiser = rows[pattern[i % pattern.length] ?? 0];
    if (!fundraiser) continue;
    await db
      .update(donations)
      .set({ fundraiserId: fundraiser.id, fundraiserTeamId: fundraiser.teamId })
      .where(eq(donations.id, gift.id));
    for (const key of [fundraiser.id, fundraiser.teamId]) {
      if (!key) continue;
      const sum = totals.get(key) ?? { raisedMinor: 0, donorCount: 0 };
      totals.set(key, { raisedMinor: sum.raisedMinor + gift.amountMinor, donorCount: sum.donorCount + 1 });
    }
  }
  for (const row of rows) {
    const sum = totals.get(row.id);
    if (sum) await db.update(fundraisers).set(sum).where(eq(fundraisers.id, row.id));
  }
  const teamSum = team ? totals.get(team.id) : undefined;
  if (team && teamSum) await db.update(fundraiserTeams).set(teamSum).where(eq(fundraiserTeams.id, team.id));
}
