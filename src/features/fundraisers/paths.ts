// Every in-app address of fundraisers (issue 24; docs/decisions/0023-fundraisers.md). A page
// lives under its campaign, so its address says what it raises money for. `fundraiserPaths` are
// unprefixed (the caller's localePath adds the language); builders taking a locale give the page
// in that language. Each segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

const segment = encodeURIComponent;
const campaignBase = (campaign: string) => `/donation/${segment(campaign)}`;
const pageBase = (campaign: string, slug: string) => `${campaignBase(campaign)}/fundraisers/${segment(slug)}`;

export const fundraiserPaths = {
  /** The campaign a fundraiser raises money for. */
  campaign: (campaign: string) => campaignBase(campaign),
  start: (campaign: string) => `${campaignBase(campaign)}/fundraise`,
  leaderboard: (campaign: string) => `${campaignBase(campaign)}/fundraisers`,
  page: (campaign: string, slug: string) => pageBase(campaign, slug),
  give: (campaign: string, slug: string) => `${pageBase(campaign, slug)}/give`,
  report: (campaign: string, slug: string) => `${pageBase(campaign, slug)}/report`,
  photo: (campaign: string, slug: string, version: string) => `${pageBase(campaign, slug)}/photo?v=${segment(version)}`,
  api: (campaign: string) => `/api/fundraisers/campaigns/${segment(campaign)}/leaderboard`,
};

/** A fundraiser page of the customer's own, in their account. */
export const accountFundraiserPath = (locale: Locale, id: string) =>
  localePath(locale, `/account/fundraisers/${segment(id)}`);
/** A fundraiser page as staff review it. */
export const staffFundraiserPath = (locale: Locale, id: string) =>
  localePath(locale, `/staff/fundraisers/${segment(id)}`);
/** The identity document a fundraiser uploaded, for staff only. */
export const staffFundraiserIdentityPath = (locale: Locale, id: string) =>
  localePath(locale, `/staff/fundraisers/${segment(id)}/identity`);
/** The staff list of fundraisers as CSV, filtered by status or not. */
export const staffFundraisersCsvPath = (locale: Locale, status?: string) =>
  `${localePath(locale, '/staff/fundraisers/fundraisers.csv')}${status ? `?status=${segment(status)}` : ''}`;
