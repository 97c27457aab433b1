// Messages of fundraisers (issue 13), written to the outbox inside the transaction of their cause:
// the fundraiser is told of each gift (when they chose so) and of their page's approval; a
// fundraiser's thank-you goes to the donors who gave through their page.
import type { Db } from '#db/client.server.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { isLocale, type Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import { translator } from '#i18n/t.ts';
import { formatMoney } from '#lib/money.ts';
import { env } from '#server/config.server.ts';
import type { EventHandler } from '#server/events/index.ts';
import { runOnce } from '#server/jobs/index.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import type { FundraiserChangedEvent, FundraiserGiftEvent } from './fundraiser-events';
import { customerContact, digestsDue, giftOf } from './fundraiser-gifts-repo.server';
import { activeOwners, openReporters } from './fundraiser-moderation-repo.server';
import { campaignPublicIdOf, type FundraiserRow, findFundraiser } from './fundraiser-repo.server';
import { publicTexts } from './fundraiser-rules';
import { fundraiserPaths, staffFundraiserPath } from './paths';

function pageUrl(primaryHost: string, locale: Locale, campaignPublicId: string, slug: string): string {
  return `${env().PUBLIC_PROTOCOL}://${primaryHost}${localePath(locale, fundraiserPaths.page(campaignPublicId, slug))}`;
}

/** The owner's address for a message: e-mail when they have one, else an SMS to their phone. */
async function ownerOf(db: Db, row: FundraiserRow) {
  if (!row.customerId) return null;
  const contact = await customerContact(db, row.tenantId, row.customerId);
  if (contact?.email) return { channel: 'email' as const, destination: contact.email, name: contact.name };
  if (contact?.phone) return { channel: 'sms' as const, destination: contact.phone, name: contact.name };
  return null;
}

/**
 * What a message to a page's owner about their page needs, in the page's language: where to send it, and the
 * organisation, the owner's name, the page's title and link; null when the owner, the tenant or the campaign is gone.
 */
async function toOwner(tx: Db, row: FundraiserRow) {
  // One after another: they share the caller's transaction's connection.
  const owner = await ownerOf(tx, row);
  const tenant = await findTenantById(tx, row.tenantId);
  const campaignPublicId = await campaignPublicIdOf(tx, row.tenantId, row.campaignId);
  if (!owner || !tenant || !campaignPublicId) return null;
  const locale = isLocale(row.locale) ? row.locale : 'en';
  return {
    tenant,
    locale,
    envelope: { tenantId: tenant.id, channel: owner.channel, destination: owner.destination, locale },
    about: {
      organisation: tenant.name,
      name: owner.name || row.displayName,
      title: row.title,
      link: pageUrl(tenant.primaryHost, locale, campaignPublicId, row.slug),
    },
  };
}

/** `fundraiser.gift`: tell the fundraiser at once, when they chose "at each gift". */
export const tellOfGift: EventHandler<FundraiserGiftEvent> = async (tx, event) => {
  const row = await findFundraiser(tx, event.tenantId, event.fundraiserId);
  if (row?.notify !== 'each') return;
  const to = await toOwner(tx, row);
  const gift = await giftOf(tx, event.tenantId, event.donationId);
  if (!to || !gift) return;
  const { tenant, locale } = to;
  const t = translator(locale);
  await enqueueMessage(tx, {
    ...to.envelope,
    template: 'fundraiser-gift',
    payload: {
      ...to.about,
      amount: formatMoney(gift.amountMinor, tenant.currency),
      donor: gift.anonymous || !gift.donorName ? t('donation.campaign.anonymous') : gift.donorName,
      message: gift.message ?? '',
      raised: formatMoney(row.raisedMinor, tenant.currency),
    },
  });
};

/** `fundraiser.changed` (approved): tell the fundraiser their page is live. */
export const tellOfApproval: EventHandler<FundraiserChangedEvent> = async (tx, event) => {
  if (event.change !== 'approved') return;
  const row = await findFundraiser(tx, event.tenantId, event.fundraiserId);
  if (row?.status !== 'live') return;
  const to = await toOwner(tx, row);
  if (!to) return;
  await enqueueMessage(tx, { ...to.envelope, template: 'fundraiser-approved', payload: to.about });
};

/**
 * `fundraiser.changed` (reported): a page was hidden because enough people reported it — every
 * active owner of the organisation is told by e-mail, with the link to the page's staff view.
 */
export const tellStaffOfReportedPage: EventHandler<FundraiserChangedEvent> = async (tx, event) => {
  if (event.change !== 'reported') return;
  const row = await findFundraiser(tx, event.tenantId, event.fundraiserId);
  const tenant = await findTenantById(tx, event.tenantId);
  if (!row || !tenant) return;
  const locale: Locale = isLocale(tenant.defaultLocale) ? tenant.defaultLocale : 'en';
  const reports = await openReporters(tx, event.tenantId, row.id);
  const link = `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}${staffFundraiserPath(locale, row.id)}`;
  for (const owner of await activeOwners(tx, event.tenantId)) {
    await enqueueMessage(tx, {
      tenantId: tenant.id,
      channel: 'email',
      destination: owner.email,
      locale,
      template: 'fundraiser-reported',
      payload: { organisation: tenant.name, name: owner.name, title: row.title, count: reports, link },
    });
  }
};

/** Writes one thank-you per donor address (e-mail, else phone) of the page's paid gifts. */
export async function enqueueThanks(
  tx: Db,
  input: {
    row: FundraiserRow;
    campaignPublicId: string;
    message: string;
    donors: { email: string | null; phone: string | null; name: string; locale: string }[];
  },
): Promise<number> {
  const tenant = await findTenantById(tx, input.row.tenantId);
  if (!tenant) return 0;
  const seen = new Set<string>();
  let sent = 0;
  for (const donor of input.donors) {
    const channel = donor.email ? ('email' as const) : donor.phone ? ('sms' as const) : null;
    const destination = donor.email ?? donor.phone;
    if (!channel || !destination || seen.has(destination)) continue;
    seen.add(destination);
    const locale = isLocale(donor.locale) ? donor.locale : 'en';
    await enqueueMessage(tx, {
      tenantId: tenant.id,
      channel,
      destination,
      locale,
      template: 'fundraiser-thanks',
      payload: {
        organisation: tenant.name,
        name: donor.name,
        // As the page shows it: an unapproved page's links and numbers stay masked in messages too.
        fundraiser: publicTexts(input.row).displayName,
        message: input.message,
        link: pageUrl(tenant.primaryHost, locale, input.campaignPublicId, input.row.slug),
      },
    });
    sent += 1;
  }
  return sent;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest: each fundraiser who chose "once a day" gets, once per UTC day (runOnce), the
 * gifts of the day before. Run hourly; a missed run is made good by the next one of the same day.
 */
export async function sendDailyDigests(db: Db, now: Date): Promise<{ digests: number }> {
  const to = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const from = new Date(to.getTime() - DAY_MS);
  const day = from.toISOString().slice(0, 10);
  let digests = 0;
  for (const due of await digestsDue(db, from, to)) {
    const result = await runOnce(db, 'fundraisers.daily-digest', `${due.fundraiserId}:${day}`, async (tx) => {
      const row = await findFundraiser(tx, due.tenantId, due.fundraiserId);
      if (!row) return false;
      const to = await toOwner(tx, row);
      if (!to) return false;
      const { currency } = to.tenant;
      await enqueueMessage(tx, {
        ...to.envelope,
        template: 'fundraiser-digest',
        payload: {
          ...to.about,
          count: Number(due.gifts),
          amount: formatMoney(Number(due.amountMinor), currency),
          raised: formatMoney(row.raisedMinor, currency),
        },
      });
      return true;
    });
    if (result.ran && result.value) digests += 1;
  }
  return { digests };
}
