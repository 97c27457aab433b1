// The donation form's pure parts, shared by the server render and the island: the schedule
// preview ("12 monthly gifts of RM50, the last on 23 Oct 2027"), dates as `dd Mon yyyy` from
// month names the page passes (so the island loads no date library).
import type { Locale } from '#i18n/locales.ts';
import { countMessage } from '#i18n/plural.ts';
import type { DonationType } from '#stores/cart-shapes.ts';
import { fill } from './amount-text';
import { lastScheduleDate } from './schedule';

/** `dd Mon yyyy` of a 'YYYY-MM-DD' day, with the locale's 12 abbreviated month names. */
export function formatDay(day: string, monthNames: readonly string[]): string {
  const [year, month, date] = day.split('-');
  return `${date} ${monthNames[Number(month) - 1] ?? month} ${year}`;
}

export type PreviewMessages = {
  'donation.form.previewOneTime': string;
  'donation.form.previewWeekly': string;
  'donation.form.previewMonthly': string;
  'donation.form.previewFee': string;
  /** Plural forms the locale selects (`pick` adds them): "1 monthly gift of RM50, on …". */
  'donation.form.previewWeekly.one'?: string;
  'donation.form.previewMonthly.one'?: string;
};

/**
 * The sentence under the form saying what the donor commits to, or '' while the choice is
 * incomplete (no amount, no count).
 */
export function schedulePreview(
  choice: { amount: string; type: DonationType; count: number | undefined; fee: string | null },
  today: string,
  monthNames: readonly string[],
  messages: PreviewMessages,
  locale: Locale,
): string {
  if (!choice.amount) return '';
  let text: string;
  if (choice.type === 'one-time') {
    text = fill(messages['donation.form.previewOneTime'], { amount: choice.amount });
  } else {
    if (!choice.count) return '';
    const last = formatDay(lastScheduleDate(today, choice.type, choice.count), monthNames);
    const key = choice.type === 'weekly' ? 'donation.form.previewWeekly' : 'donation.form.previewMonthly';
    text = countMessage(messages, locale, key, { count: choice.count, amount: choice.amount, last });
  }
  return choice.fee ? `${text}, ${fill(messages['donation.form.previewFee'], { fee: choice.fee })}` : text;
}

/** The fields the form posts, as the server re-renders them after an error. */
export type FormValues = Partial<Record<string, string>>;

export const FORM_FIELD_NAMES = [
  'amount',
  'customAmount',
  'type',
  'weeklyCount',
  'monthlyCount',
  'coverFees',
  'name',
  'anonymous',
  'phone',
  'email',
  'address_1',
  'address_2',
  'postcode',
  'city',
  'state',
  'country',
  'message',
  'taxReceipt',
  'taxId',
] as const;
