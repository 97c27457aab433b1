// Every in-app address of donations (issue 24): pages in the visitor's language (localePath adds
// the prefix), files and endpoints without one. Each segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { CampaignImageKind } from './campaign';
import { COVER_WIDTHS, type CoverWidth } from './campaign-image-sizes';

const segment = encodeURIComponent;
const campaignBase = (campaign: string) => `/donation/${segment(campaign)}`;
const withInvoice = (path: string, invoice: string | undefined, fromCart = false) =>
  invoice === undefined ? path : `${path}?invoice=${segment(invoice)}${fromCart ? '&from=cart' : ''}`;

/** The campaigns' landing page. */
export const donationLandingPath = (locale: Locale) => localePath(locale, '/donation');
/** A campaign's page (`/donation/{publicId}`). */
export const campaignPath = (locale: Locale, campaign: string) => localePath(locale, campaignBase(campaign));
/** The donation form of a campaign. */
export const donationFormPath = (locale: Locale, campaign: string) =>
  localePath(locale, `${campaignBase(campaign)}/form`);
/** The checkout: the cart, or with an invoice its payment (`fromCart`: the page then empties the cart). */
export const donationCheckoutPath = (locale: Locale, campaign: string, invoice?: string, fromCart = false) =>
  withInvoice(localePath(locale, `${campaignBase(campaign)}/checkout`), invoice, fromCart);
/** The framed donation form, or with an invoice the frame following its payment. */
export const donationEmbedFormPath = (locale: Locale, campaign: string, invoice?: string) =>
  withInvoice(localePath(locale, `${campaignBase(campaign)}/embed-form`), invoice);
/** The framed campaign page. */
export const campaignEmbedPath = (locale: Locale, campaign: string) =>
  localePath(locale, `${campaignBase(campaign)}/embed-page`);
/** A campaign's image: the version changes with every upload (no language: a file); a cover also at a smaller width. */
export const campaignImagePath = (campaign: string, kind: CampaignImageKind, version: string, width?: CoverWidth) =>
  `${campaignBase(campaign)}/image/${segment(kind)}?v=${segment(version)}${width === undefined ? '' : `&w=${width}`}`;
/** A cover's `srcset`: each smaller width (WebP) and the original. */
export const campaignCoverSrcset = (campaign: string, version: string, original: { width: number }) =>
  [
    ...COVER_WIDTHS.filter((width) => width < original.width).map(
      (width) => `${campaignImagePath(campaign, 'cover', version, width)} ${width}w`,
    ),
    `${campaignImagePath(campaign, 'cover', version)} ${original.width}w`,
  ].join(', ');
/** The manage page of a recurring plan, by its signed token. */
export const planManagePath = (locale: Locale, token: string) =>
  localePath(locale, `/donation/plans/${segment(token)}`);
/** A receipt's PDF, by its signed token. */
export const receiptPdfPath = (locale: Locale, token: string) =>
  localePath(locale, `/donation/receipts/${segment(token)}.pdf`);
/** The endpoint of a campaign's live totals. */
export const campaignTotalsApiPath = (campaign: string) => `/api/donations/campaigns/${segment(campaign)}/totals`;
/** A campaign's settings as staff edit them. */
export const staffCampaignPath = (locale: Locale, id: string) =>
  localePath(locale, `/staff/donations/campaigns/${segment(id)}`);
