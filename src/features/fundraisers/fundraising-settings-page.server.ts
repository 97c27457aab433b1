// Staff's fundraising settings page (`/staff/fundraisers/campaigns`): each campaign that has not
// ended with its rules (supporters may start pages, approval, identity first, ranking, minimum),
// and the answer to one campaign's form, as the page's staffAction handler returns it.
import type { Db } from '#db/client.server.ts';
import { staffCampaigns } from '#features/donations/index.server.ts';
import type { MessageKey } from '#i18n/t.ts';
import { fundraisingSettingsSchema } from './fundraiser-form.schema';
import { saveCampaignFundraising, staffFundraisingSettings } from './fundraisers-staff.server';

/** The campaigns (not ended) with their settings, in the staff list's order. */
export async function fundraisingSettingsPage(db: Db, tenantId: string) {
  const campaigns = (await staffCampaigns(db, tenantId)).filter(({ row }) => row.status !== 'ended');
  const settings = await staffFundraisingSettings(
    db,
    tenantId,
    campaigns.map(({ row }) => row.id),
  );
  return campaigns.map(({ row }) => ({ row, settings: settings.get(row.id) }));
}

/** One campaign's settings form (`campaignId` and the rules): saved, refused (the first issue), or not found. */
export async function saveFundraisingSettingsForm(
  db: Db,
  tenantId: string,
  form: Record<string, string>,
): Promise<{ ok: boolean; key: MessageKey; status?: number }> {
  const parsed = fundraisingSettingsSchema.safeParse(form);
  if (!parsed.success) return { ok: false, key: (parsed.error.issues[0]?.message ?? 'field.required') as MessageKey };
  return (await saveCampaignFundraising(db, tenantId, form.campaignId ?? '', parsed.data))
    ? { ok: true, key: 'fundraiser.staff.saved' }
    : { ok: false, key: 'fundraiser.staff.notFound', status: 404 };
}
