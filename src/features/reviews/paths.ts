// Every in-app address of reviews (issue 24). Builders taking a locale give the page in that
// language; those without one are unprefixed (the caller's component adds the language). The
// optional segment (`/review/{slug?}/feedback`, `/review/{pid?}/clinic`) is a null here. Each
// segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

const segment = encodeURIComponent;
const reviewBase = (slug: string | null) => (slug ? reviewLinkPath(slug) : '/review');

/** Unprefixed: a review link as staff read and print it (`/review/{slug}`). */
export function reviewLinkPath(slug: string): string {
  return `/review/${segment(slug)}`;
}

/** The review page of the organisation (its own slug), a branch or a practitioner. */
export const reviewPagePath = (locale: Locale, slug: string) => localePath(locale, reviewBase(slug));
/** Unprefixed: the public review redirect of `slug`, or the organisation's (null). */
export const reviewRedirectPath = (slug: string | null) => `${reviewBase(slug)}/redirect`;
/** Unprefixed: private feedback about `slug`, or the organisation (null); `visitToken`: a verified review's visit. */
export const reviewFeedbackPath = (slug: string | null, visitToken: string | null = null) =>
  `${reviewBase(slug)}/feedback${visitToken ? `?t=${segment(visitToken)}` : ''}`;
/** The clinic review of a visit with practitioner `pid` (or none), with an invitation's token. */
export const clinicReviewPath = (locale: Locale, pid: string | null, invitationToken: string) =>
  `${localePath(locale, `${reviewBase(pid)}/clinic`)}?i=${segment(invitationToken)}`;
/** The thank-you page, with what it says in its query. */
export const reviewThankYouPath = (locale: Locale, query: URLSearchParams) => {
  const search = query.toString();
  return `${localePath(locale, '/review/thankyou')}${search ? `?${search}` : ''}`;
};
/** Where an invitation's recipient stops invitations. */
export const reviewUnsubscribePath = (locale: Locale, invitationToken: string) =>
  `${localePath(locale, '/review/unsubscribe')}?i=${segment(invitationToken)}`;
