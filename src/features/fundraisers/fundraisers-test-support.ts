// Shared by the fundraiser suites: a campaign open to fundraisers, the customer who starts pages
// and the staff member who acts on them.
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { customers, staff } from '#db/schema/index.ts';
import { insertTestCampaign } from '#features/donations/test-support.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import { saveFundraisingSettings } from './index.server.ts';

type Settings = Parameters<typeof saveFundraisingSettings>[3];

/**
 * Fundraising on for a campaign, pages live at once (no approval, no verification), ranked by
 * amount, a leaderboard from five pages, hidden after three reports; `patch` changes a rule.
 */
export const openFundraising = (db: Db, tenantId: string, campaignId: string, patch: Partial<Settings> = {}) =>
  saveFundraisingSettings(db, tenantId, campaignId, {
    enabled: true,
    approval: false,
    requiresVerification: false,
    ranking: 'amount',
    leaderboardMin: 5,
    reportThreshold: 3,
    ...patch,
  });

/** A new campaign of `tenant` open to fundraisers (`openFundraising`), Aisyah (a customer, by `email`) and a staff member. */
export async function aFundraisingCampaign(
  db: Db,
  tenant: Tenant,
  email: string,
  campaignPatch: Parameters<typeof insertTestCampaign>[2] = {},
) {
  const campaign = await insertTestCampaign(db, tenant.id, campaignPatch);
  const [customer] = await db.insert(customers).values({ tenantId: tenant.id, name: 'Aisyah', email }).returning();
  const [member] = await db.select().from(staff).where(eq(staff.tenantId, tenant.id));
  await openFundraising(db, tenant.id, campaign.id);
  return { campaign, customerId: customer?.id ?? '', staffId: member?.id ?? '' };
}
