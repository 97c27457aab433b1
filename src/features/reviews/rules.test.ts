import { describe, expect, it } from 'vitest';
import { editable, INVITATION_GAP_DAYS, invitationDecision, invitationDueAt, recipientKey } from './invitation-rules';
import { googleReviewUrl, parseSlug, redirectTarget, resolveTarget, safePublicUrl } from './review-links';
import { reviewFilterOf } from './staff-reviews.server';
import { parseRating, thankYouFor } from './thank-you';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-24T03:00:00Z');

describe('invitation throttling', () => {
  it('identifies a person by phone, else e-mail, else nobody', () => {
    expect(recipientKey({ phone: '+60 12-345 6789', email: 'A@B.my' })).toBe('p:60123456789');
    expect(recipientKey({ phone: null, email: ' Aina@Example.MY ' })).toBe('e:aina@example.my');
    expect(recipientKey({ phone: 'abc', email: 'not-an-email' })).toBeNull();
  });

  it('sends to a reachable, subscribed person not invited in the last 14 days', () => {
    const key = 'p:60123456789';
    expect(invitationDecision({ recipientKey: key, unsubscribed: false, lastSentAt: null, now })).toEqual({
      send: true,
    });
    const justOutside = new Date(now.getTime() - INVITATION_GAP_DAYS * DAY);
    expect(invitationDecision({ recipientKey: key, unsubscribed: false, lastSentAt: justOutside, now })).toEqual({
      send: true,
    });
  });

  it('skips within 14 days, after an unsubscribe, and without contact', () => {
    const key = 'e:x@y.my';
    const recent = new Date(now.getTime() - (INVITATION_GAP_DAYS * DAY - 1));
    expect(invitationDecision({ recipientKey: key, unsubscribed: false, lastSentAt: recent, now })).toEqual({
      send: false,
      reason: 'recent',
    });
    expect(invitationDecision({ recipientKey: key, unsubscribed: true, lastSentAt: null, now })).toEqual({
      send: false,
      reason: 'unsubscribed',
    });
    expect(invitationDecision({ recipientKey: null, unsubscribed: false, lastSentAt: null, now })).toEqual({
      send: false,
      reason: 'no_contact',
    });
  });

  it('delays by the tenant setting (bounded) and keeps reviews editable for the window', () => {
    expect(invitationDueAt(now, 90).getTime()).toBe(now.getTime() + 90 * 60_000);
    expect(invitationDueAt(now, -5).getTime()).toBe(now.getTime());
    expect(editable(new Date(now.getTime() - 6 * DAY), 7, now)).toBe(true);
    expect(editable(new Date(now.getTime() - 8 * DAY), 7, now)).toBe(false);
  });
});

describe('the thank-you page offers the same choices at every rating', () => {
  const ratings = [null, 1, 2, 3, 4, 5];
  it.each(ratings)('rating %s shows the public link and private feedback', (rating) => {
    const page = thankYouFor(rating, 'dr-aina');
    expect(page.choices.map((c) => c.kind)).toEqual(['public', 'feedback']);
    expect(page.choices[0].href).toBe('/review/dr-aina/redirect');
    expect(page.choices[1].href).toBe('/review/dr-aina/feedback');
  });

  it('differs between ratings only in wording', () => {
    const choices = ratings.map((r) => JSON.stringify(thankYouFor(r, null).choices));
    expect(new Set(choices).size).toBe(1);
    expect(thankYouFor(1, null).heading).not.toBe(thankYouFor(5, null).heading);
  });

  it('after a verified review, carries the visit to the feedback link only, at every rating', () => {
    const token = 'a'.repeat(43);
    const choices = ratings.map((r) => thankYouFor(r, null, token).choices);
    expect(new Set(choices.map((c) => JSON.stringify(c))).size).toBe(1);
    expect(choices[0]?.[0].href).toBe('/review/redirect');
    expect(choices[0]?.[1].href).toBe(`/review/feedback?t=${token}`);
  });

  it('reads a rating only from 1 to 5', () => {
    expect(parseRating('5')).toBe(5);
    for (const bad of ['0', '6', '4.5', ' 3', '', undefined, '1e0']) expect(parseRating(bad)).toBeNull();
  });
});

describe('review slugs', () => {
  const organisation = { slug: 'klinik', name: 'Klinik Sihat' };
  const links = [
    { id: 'l1', slug: 'bangsar', kind: 'branch' as const, resourceId: null, name: 'Bangsar', publicReviewUrl: null },
    {
      id: 'l2',
      slug: 'dr-aina',
      kind: 'practitioner' as const,
      resourceId: 'r1',
      name: 'Dr Aina',
      publicReviewUrl: null,
    },
  ];

  it('resolves the organisation, a branch and a practitioner; anything else is nothing', () => {
    expect(resolveTarget(undefined, organisation, links)?.kind).toBe('organisation');
    expect(resolveTarget('klinik', organisation, links)?.kind).toBe('organisation');
    expect(resolveTarget('bangsar', organisation, links)).toMatchObject({ kind: 'branch', linkId: 'l1' });
    expect(resolveTarget('dr-aina', organisation, links)).toMatchObject({ kind: 'practitioner', resourceId: 'r1' });
    expect(resolveTarget('yayasan', organisation, links)).toBeNull();
  });

  it('refuses malformed and reserved slugs', () => {
    expect(parseSlug('dr-aina')).toBe('dr-aina');
    for (const bad of ['Dr-Aina', '-x', 'x-', 'thankyou', 'redirect', 'a'.repeat(61), '../x', 'a%2fb', '']) {
      expect(parseSlug(bad)).toBeNull();
    }
  });
});

describe('the redirect allow-list', () => {
  it('keeps only https links without credentials', () => {
    expect(safePublicUrl('https://search.google.com/local/writereview?placeid=ChIJ123')).toContain('search.google.com');
    for (const bad of [
      'http://example.com',
      'javascript:alert(1)',
      '//evil.example',
      'https://user:pw@evil.example',
      'data:text/html,x',
      'https://localhost',
      '/review',
      '',
      null,
    ]) {
      expect(safePublicUrl(bad)).toBeNull();
    }
  });

  it('sends to the branch link, else the organisation link, else nowhere', () => {
    const org = 'https://search.google.com/local/writereview?placeid=ORG1234567';
    const branch = 'https://www.facebook.com/klinik/reviews';
    expect(redirectTarget(org, { publicReviewUrl: branch })).toBe(branch);
    expect(redirectTarget(org, { publicReviewUrl: 'http://evil.example' })).toBe(org);
    expect(redirectTarget(null, null)).toBeNull();
  });

  it('builds Google review links only from a plausible place id', () => {
    expect(googleReviewUrl('ChIJN1t_tDeuEmsRUsoyG83frY4')).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
    expect(googleReviewUrl('x&redirect=https://evil')).toBeNull();
  });
});

describe('the staff list filters', () => {
  it('ignores a day that does not exist instead of failing on it', () => {
    const filter = reviewFilterOf(
      new URLSearchParams('from=2026-02-31&to=2026-02-28&moderation=held'),
      'Asia/Kuala_Lumpur',
    );
    expect(filter.from).toBeUndefined();
    expect(filter.until?.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(filter.moderation).toBe('held');
    expect(reviewFilterOf(new URLSearchParams('moderation=shown'), 'UTC').moderation).toBeUndefined();
  });
});
