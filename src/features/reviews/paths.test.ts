import { describe, expect, it } from 'vitest';
import { clinicReviewPath, reviewFeedbackPath, reviewPagePath, reviewRedirectPath, reviewThankYouPath } from './paths';

describe('review addresses', () => {
  it('has one builder per page with an optional segment', () => {
    expect(reviewFeedbackPath(null)).toBe('/review/feedback');
    expect(reviewFeedbackPath('dr-aina', 'tok')).toBe('/review/dr-aina/feedback?t=tok');
    expect(reviewRedirectPath(null)).toBe('/review/redirect');
    expect(clinicReviewPath('ms', null, 'tok')).toBe('/ms/review/clinic?i=tok');
    expect(clinicReviewPath('en', 'pid-1', 'tok')).toBe('/review/pid-1/clinic?i=tok');
    expect(reviewThankYouPath('id', new URLSearchParams())).toBe('/id/review/thankyou');
  });

  it('encodes odd segments', () => {
    expect(reviewPagePath('en', 'a/b')).toBe('/review/a%2Fb');
    expect(reviewFeedbackPath('x?', 't&u')).toBe('/review/x%3F/feedback?t=t%26u');
  });
});
