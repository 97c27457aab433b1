import { type Locale, type LocalizedText, localized } from '#i18n/locales.ts';

// Pure rules of campaigns: what a page shows of one (progress, days left, story paragraphs, share
// links, structured data). Safe on server and client.

export type CampaignStatus = 'draft' | 'live' | 'ended';
export type CampaignImageKind = 'cover' | 'share';

/** How a campaign may be given to: the amounts offered and allowed, one-time and recurring options, covering the fees. */
export interface CampaignGivingTerms {
  suggestedAmounts: number[];
  minAmountMinor: number;
  maxAmountMinor: number | null;
  oneTime: boolean;
  weeklyCounts: number[];
  monthlyCounts: number[];
  coverFeesAllowed: boolean;
}

/** What public pages show of a campaign (no staff-only fields). */
export interface CampaignView {
  id: string;
  publicId: string;
  title: Partial<LocalizedText>;
  summary: Partial<LocalizedText>;
  story: Partial<LocalizedText>;
  category: string;
  goalMinor: number | null;
  raisedMinor: number;
  donorCount: number;
  startsAt: Date;
  endsAt: Date | null;
  status: CampaignStatus;
  featured: boolean;
  eventDate: Date | null;
  permitNumber: string | null;
  permitValidUntil: string | null;
  /** Image versions by kind (null = none uploaded): part of the image URL, so it can be cached for a year. */
  images: Partial<Record<CampaignImageKind, { version: string; width: number; height: number }>>;
}

/** The totals a campaign page shows and the realtime channel sends. */
export interface CampaignTotals {
  raisedMinor: number;
  donorCount: number;
  goalMinor: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Percent of the goal raised, 0–100 (a campaign over its goal shows 100); null without a goal. */
export function progressPercent(totals: Pick<CampaignTotals, 'raisedMinor' | 'goalMinor'>): number | null {
  if (!totals.goalMinor || totals.goalMinor <= 0) return null;
  return Math.min(100, Math.floor((totals.raisedMinor / totals.goalMinor) * 100));
}

/** Whole days left until the end (a part day counts as one), 0 once ended; null without an end. */
export function daysLeft(endsAt: Date | null, now: Date): number | null {
  if (!endsAt) return null;
  const ms = endsAt.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** A campaign takes gifts when live, started and not past its end. */
export function isOpenForGifts(campaign: Pick<CampaignView, 'status' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  if (campaign.status !== 'live') return false;
  if (campaign.startsAt.getTime() > now.getTime()) return false;
  return !campaign.endsAt || campaign.endsAt.getTime() > now.getTime();
}

/** Shown as ended on the landing: ended by staff, or past its end date. */
export function hasEnded(campaign: Pick<CampaignView, 'status' | 'endsAt'>, now: Date): boolean {
  return campaign.status === 'ended' || (campaign.endsAt !== null && campaign.endsAt.getTime() <= now.getTime());
}

/** Landing order: featured first, then the nearest end, then the newest start. */
export function landingOrder(a: CampaignView, b: CampaignView): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  const aEnd = a.endsAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bEnd = b.endsAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (aEnd !== bEnd) return aEnd - bEnd;
  return b.startsAt.getTime() - a.startsAt.getTime();
}

/** The story as paragraphs of plain text (blank lines separate them; single breaks stay inside). */
export function storyParagraphs(story: Partial<LocalizedText>, locale: Locale): string[] {
  return localized(story, locale)
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export type ShareNetwork = 'whatsapp' | 'facebook' | 'x' | 'telegram';

/** Share links, WhatsApp first (most Malaysian and Indonesian donors share there). Plain links, no SDKs. */
export function shareLinks(url: string, text: string): { network: ShareNetwork; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { network: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'x', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
  ];
}

/** A donor as the public sees them: the name, or "Anonymous" (the caller's text) when they asked. */
export function publicDonorName(
  donor: { donorName: string | null; anonymous: boolean },
  anonymousLabel: string,
): string {
  const name = donor.donorName?.trim();
  return donor.anonymous || !name ? anonymousLabel : name;
}

/** Major units as schema.org wants them ("1500.00"), from minor units and the exponent. */
export function majorAmount(minor: number, exponent: number): string {
  return (minor / 10 ** exponent).toFixed(exponent);
}

/**
 * schema.org JSON-LD for a campaign page: the organisation (NGO) and, when the campaign is an
 * event, the Event it organises. Escaped for a <script> block by `jsonLdText`.
 */
export function campaignJsonLd(input: {
  campaign: CampaignView;
  locale: Locale;
  url: string;
  imageUrl: string | null;
  organisation: { name: string; url: string; logoUrl: string | null; address: string; email: string; phone: string };
  currency: { code: string; exponent: number };
}): Record<string, unknown>[] {
  const { campaign, locale, url, imageUrl, organisation, currency } = input;
  const name = localized(campaign.title, locale);
  const description = localized(campaign.summary, locale);
  const ngo: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: organisation.name,
    url: organisation.url,
    ...(organisation.logoUrl ? { logo: organisation.logoUrl } : {}),
    ...(organisation.address ? { address: organisation.address } : {}),
    ...(organisation.email ? { email: organisation.email } : {}),
    ...(organisation.phone ? { telephone: organisation.phone } : {}),
  };
  const out: Record<string, unknown>[] = [ngo];
  if (campaign.eventDate) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name,
      description,
      url,
      startDate: campaign.eventDate.toISOString(),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      ...(imageUrl ? { image: imageUrl } : {}),
      ...(organisation.address
        ? { location: { '@type': 'Place', name: organisation.name, address: organisation.address } }
        : {}),
      organizer: { '@type': 'NGO', name: organisation.name, url: organisation.url },
      ...(campaign.goalMinor
        ? {
            offers: {
              '@type': 'Offer',
              url,
              priceCurrency: currency.code,
              price: majorAmount(campaign.goalMinor, currency.exponent),
              availability: 'https://schema.org/InStock',
            },
          }
        : {}),
    });
  }
  return out;
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so no text can close it. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
