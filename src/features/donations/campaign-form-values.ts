import { LOCALES, type LocalizedText } from '#i18n/locales.ts';
import type { Currency } from '#lib/money.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { type CampaignGivingTerms, majorAmount } from './campaign';

/** What the staff form needs of a stored campaign (money as plain major units, days in the tenant's zone). */
export interface CampaignFormSource extends CampaignGivingTerms {
  title: Partial<LocalizedText>;
  summary: Partial<LocalizedText>;
  story: Partial<LocalizedText>;
  category: string;
  goalMinor: number | null;
  startsAt: Date;
  endsAt: Date | null;
  status: string;
  featured: boolean;
  eventDate: Date | null;
  permitNumber: string | null;
  permitValidUntil: string | null;
}

/** A stored campaign as the staff form's field values (the inverse of `campaignForm`). */
export function campaignFormValues(
  c: CampaignFormSource,
  currency: Currency,
  timeZone: string,
): Record<string, string> {
  const money = (minor: number | null) => (minor === null ? '' : majorAmount(minor, currency.exponent));
  const values: Record<string, string> = {
    category: c.category,
    goal: money(c.goalMinor),
    starts_on: zonedDate(c.startsAt, timeZone),
    // The stored end is the next midnight after the last day of giving.
    ends_on: c.endsAt ? zonedDate(new Date(c.endsAt.getTime() - 1), timeZone) : '',
    suggested: c.suggestedAmounts.map((a) => majorAmount(a, currency.exponent)).join(' '),
    min_amount: money(c.minAmountMinor),
    max_amount: money(c.maxAmountMinor),
    weekly_counts: c.weeklyCounts.join(' '),
    monthly_counts: c.monthlyCounts.join(' '),
    status: c.status,
    event_date: c.eventDate ? zonedDate(c.eventDate, timeZone) : '',
    permit_number: c.permitNumber ?? '',
    permit_valid_until: c.permitValidUntil ?? '',
  };
  if (c.oneTime) values.one_time = 'on';
  if (c.coverFeesAllowed) values.cover_fees_allowed = 'on';
  if (c.featured) values.featured = 'on';
  for (const l of LOCALES) {
    values[`title_${l}`] = c.title[l] ?? '';
    values[`summary_${l}`] = c.summary[l] ?? '';
    values[`story_${l}`] = c.story[l] ?? '';
  }
  return values;
}

/** The blank form of a new campaign: starts today, one-time gifts, fees may be covered. */
export function newCampaignFormValues(now: Date, currency: Currency, timeZone: string): Record<string, string> {
  const min = 10 ** currency.exponent * (currency.code === 'IDR' ? 10000 : 5);
  return {
    category: 'general',
    status: 'draft',
    starts_on: zonedDate(now, timeZone),
    min_amount: majorAmount(min, currency.exponent),
    one_time: 'on',
    cover_fees_allowed: 'on',
  };
}
