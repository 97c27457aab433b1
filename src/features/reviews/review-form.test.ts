import { describe, expect, it } from 'vitest';
import { REVIEW_LIMITS, readFeedbackForm, readReviewForm } from './review-form';

describe('the review form', () => {
  it('takes a rating with an optional comment and name', () => {
    expect(readReviewForm({ rating: '4', comment: ' Good ', name: '', publish: 'yes' })).toEqual({
      ok: true,
      value: { rating: 4, comment: 'Good', authorName: null, mayPublish: true },
    });
  });

  it('refuses a missing or out-of-range rating and over-long text', () => {
    const read = readReviewForm({ rating: '6', comment: 'x'.repeat(REVIEW_LIMITS.comment + 1) });
    expect(read).toEqual({
      ok: false,
      errors: { rating: 'review.form.ratingRequired', comment: 'review.form.tooLong' },
    });
  });

  it('treats a filled honeypot as a bot', () => {
    expect(readReviewForm({ rating: '5', website: 'http://spam' })).toEqual({ ok: 'bot' });
    expect(readFeedbackForm({ comment: 'hi', website: 'x' })).toEqual({ ok: 'bot' });
  });
});

describe('the feedback form', () => {
  it('keeps contact details only with consent', () => {
    expect(readFeedbackForm({ comment: 'Wait was long', phone: '+60 12-345 6789' })).toMatchObject({
      ok: true,
      value: { contactConsent: false, contactPhone: null, contactEmail: null },
    });
    expect(readFeedbackForm({ comment: 'Wait was long', phone: '+60 12-345 6789', consent: 'yes' })).toMatchObject({
      ok: true,
      value: { contactConsent: true, contactPhone: '60123456789' },
    });
  });

  it('needs a message, and a way to reach the author when they consent', () => {
    expect(readFeedbackForm({ comment: '  ', consent: 'yes' })).toEqual({
      ok: false,
      errors: { comment: 'field.required', phone: 'review.form.contactNeeded' },
    });
    expect(readFeedbackForm({ comment: 'x', email: 'nope' })).toEqual({
      ok: false,
      errors: { email: 'review.form.emailInvalid' },
    });
  });
});
