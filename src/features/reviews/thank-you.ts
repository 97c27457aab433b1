// Pure: what the thank-you page offers. Every rating gets the same two choices — the public
// review link and private feedback, side by side — only the wording changes (no review gating:
// Google's policy and 16 CFR 465 forbid steering unhappy reviewers away from public reviews).
import type { MessageKey } from '#i18n/t.ts';
import { reviewFeedbackPath, reviewRedirectPath } from './paths';

export type ThankYouTone = 'none' | 'low' | 'mid' | 'high';

export interface ThankYouChoice {
  kind: 'public' | 'feedback';
  href: string;
  label: MessageKey;
}

export interface ThankYou {
  tone: ThankYouTone;
  heading: MessageKey;
  text: MessageKey;
  choices: [ThankYouChoice, ThankYouChoice];
}

/** A rating from a query value: 1–5, else null. */
export function parseRating(value: string | null | undefined): number | null {
  if (!value || !/^[1-5]$/.test(value)) return null;
  return Number(value);
}

export function toneOf(rating: number | null): ThankYouTone {
  if (rating === null) return 'none';
  if (rating <= 2) return 'low';
  if (rating === 3) return 'mid';
  return 'high';
}

/**
 * The thank-you page for a rating (or none) given on the review page of `slug` (or the
 * organisation's). After a verified review, `visitToken` (its invitation's) goes on to the feedback
 * link so private feedback is linked to the visit; it changes nothing else.
 */
export function thankYouFor(rating: number | null, slug: string | null, visitToken: string | null = null): ThankYou {
  const tone = toneOf(rating);
  return {
    tone,
    heading: `review.thanks.heading.${tone}` as MessageKey,
    text: `review.thanks.text.${tone}` as MessageKey,
    choices: [
      { kind: 'public', href: reviewRedirectPath(slug), label: 'review.thanks.public' },
      { kind: 'feedback', href: reviewFeedbackPath(slug, visitToken), label: 'review.thanks.feedback' },
    ],
  };
}
