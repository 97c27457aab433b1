// Every in-app address of loyalty (issue 24): pages in the visitor's language (localePath adds
// the prefix), endpoints without one. Each segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

const segment = encodeURIComponent;

/** The programmes. */
export const loyaltyPath = (locale: Locale) => localePath(locale, '/loyalty');
/** A programme's page. */
export const programmePath = (locale: Locale, programme: string) =>
  localePath(locale, `/loyalty/${segment(programme)}`);
/** Joining, with the programme chosen (or the first one). */
export const loyaltyRegisterPath = (locale: Locale, programme?: string) =>
  `${localePath(locale, '/loyalty/register')}${programme === undefined ? '' : `?programme=${segment(programme)}`}`;
/**
 * The rewards of a programme, or of all (`null`: `/loyalty/rewards`); from an appointment's checkout
 * with the held booking's invoice and the page to go back to, or showing a voucher just issued.
 */
export const rewardsPath = (
  locale: Locale,
  programme: string | null,
  query?: { invoice: string; back: string } | { voucher: string },
) =>
  `${localePath(locale, programme === null ? '/loyalty/rewards' : `/loyalty/${segment(programme)}/rewards`)}${
    !query
      ? ''
      : 'voucher' in query
        ? `?voucher=${segment(query.voucher)}`
        : `?invoice=${segment(query.invoice)}&back=${segment(query.back)}`
  }`;
/** The member's part of a programme page (the island's endpoint). */
export const memberApiPath = (programme: string) => `/api/loyalty/${segment(programme)}/me`;
/** Staff pages of a member, a programme and a reward. */
export const staffLoyaltyPaths = {
  member: (locale: Locale, id: string) => localePath(locale, `/staff/loyalty/members/${segment(id)}`),
  programme: (locale: Locale, id: string) => localePath(locale, `/staff/loyalty/programmes/${segment(id)}`),
  reward: (locale: Locale, id: string) => localePath(locale, `/staff/loyalty/rewards/${segment(id)}`),
};
