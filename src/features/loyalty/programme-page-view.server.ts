// The loading of a loyalty programme's page (`/loyalty/{publicId}`, cached for everyone): the
// programme, how it works, its tiers, the rewards on offer (with their services) and the links of
// the member's panel (its endpoint, joining, the rewards). The member's own part is the island's.
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import { programmeByPublicIdActive, rewardsOnOffer, withServices } from './membership.server';
import { loyaltyRegisterPath, memberApiPath, rewardsPath } from './paths';
import { howItWorks, tierLines } from './programme-view';

/** The page's data, or null for an unknown or inactive programme (the page answers 404). */
export async function programmePageView(
  locals: { db: Db; tenant: Tenant; locale: Locale; t: Translate },
  publicId: string | undefined,
) {
  const { db, tenant, locale, t } = locals;
  const programme = await programmeByPublicIdActive(db, tenant.id, publicId ?? '');
  if (!programme) return null;
  return {
    programme,
    name: localized(programme.name, locale),
    how: howItWorks(programme, t, tenant.currency, tenant.offers),
    tiers: tierLines(programme.tiers, locale),
    rewards: await withServices(db, tenant.id, await rewardsOnOffer(db, tenant.id, [programme.id])),
    panel: {
      endpoint: memberApiPath(programme.publicId),
      joinHref: loyaltyRegisterPath(locale, programme.publicId),
      rewardsHref: rewardsPath(locale, programme.publicId),
    },
  };
}
