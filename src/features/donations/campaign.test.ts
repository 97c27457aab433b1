import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY } from '#lib/money.ts';
import {
  type CampaignView,
  campaignJsonLd,
  daysLeft,
  hasEnded,
  isOpenForGifts,
  jsonLdText,
  landingOrder,
  progressPercent,
  publicDonorName,
  shareLinks,
  storyParagraphs,
} from './campaign';
import { campaignForm, DonationFilterQuery } from './campaign.schema';
import { campaignFormValues } from './campaign-form-values';
import { donationIdsOf } from './effects.server';

const now = new Date('2026-11-23T04:00:00Z');
const view = (over: Partial<CampaignView> = {}): CampaignView => ({
  id: 'c',
  publicId: 'banjir-abcd',
  title: { en: 'Flood relief', ms: 'Bantuan banjir' },
  summary: { en: 'Food packs' },
  story: { en: 'One.\n\nTwo\nlines.\n\n\n  \nThree.' },
  category: 'disaster',
  goalMinor: 100_000,
  raisedMinor: 25_000,
  donorCount: 3,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-11-30T16:00:00Z'),
  status: 'live',
  featured: false,
  eventDate: null,
  permitNumber: null,
  permitValidUntil: null,
  images: {},
  ...over,
});

describe('campaign rules', () => {
  it('computes progress, capped at 100, none without a goal', () => {
    expect(progressPercent({ raisedMinor: 25_000, goalMinor: 100_000 })).toBe(25);
    expect(progressPercent({ raisedMinor: 250_000, goalMinor: 100_000 })).toBe(100);
    expect(progressPercent({ raisedMinor: 999, goalMinor: 100_000 })).toBe(0);
    expect(progressPercent({ raisedMinor: 5, goalMinor: null })).toBeNull();
  });

  it('counts days left, a part day as one, none once ended', () => {
    expect(daysLeft(new Date('2026-11-23T05:00:00Z'), now)).toBe(1);
    expect(daysLeft(new Date('2026-11-30T04:00:00Z'), now)).toBe(7);
    expect(daysLeft(new Date('2026-11-22T00:00:00Z'), now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });

  it('takes gifts only while live, started and not past its end', () => {
    expect(isOpenForGifts(view(), now)).toBe(true);
    expect(isOpenForGifts(view({ status: 'draft' }), now)).toBe(false);
    expect(isOpenForGifts(view({ status: 'ended' }), now)).toBe(false);
    expect(isOpenForGifts(view({ startsAt: new Date('2026-12-01T00:00:00Z') }), now)).toBe(false);
    expect(isOpenForGifts(view({ endsAt: new Date('2026-11-23T03:59:59Z') }), now)).toBe(false);
    expect(hasEnded(view({ endsAt: new Date('2026-11-23T03:59:59Z') }), now)).toBe(true);
    expect(hasEnded(view({ endsAt: null }), now)).toBe(false);
  });

  it('orders the landing: featured first, then the nearest end, then the newest', () => {
    const a = view({ publicId: 'a', endsAt: null });
    const b = view({ publicId: 'b', endsAt: new Date('2026-12-01T00:00:00Z') });
    const c = view({ publicId: 'c', featured: true, endsAt: null });
    const d = view({ publicId: 'd', endsAt: null, startsAt: new Date('2026-11-20T00:00:00Z') });
    expect([a, b, c, d].sort(landingOrder).map((v) => v.publicId)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('splits the story into plain paragraphs, falling back to English', () => {
    expect(storyParagraphs(view().story, 'ms')).toEqual(['One.', 'Two\nlines.', 'Three.']);
    expect(storyParagraphs({ en: 'A\r\n\r\nB' }, 'id')).toEqual(['A', 'B']);
    expect(storyParagraphs({}, 'en')).toEqual([]);
  });

  it('shows anonymous donors as anonymous, and a missing name too', () => {
    expect(publicDonorName({ donorName: 'Siti', anonymous: false }, 'Anon')).toBe('Siti');
    expect(publicDonorName({ donorName: 'Siti', anonymous: true }, 'Anon')).toBe('Anon');
    expect(publicDonorName({ donorName: '  ', anonymous: false }, 'Anon')).toBe('Anon');
  });

  it('makes share links with WhatsApp first, every part encoded', () => {
    const links = shareLinks('https://x.my/donation/a?b=1&c', 'Banjir & makanan');
    expect(links.map((l) => l.network)).toEqual(['whatsapp', 'facebook', 'x', 'telegram']);
    expect(links[0]?.href).toBe(
      `https://wa.me/?text=${encodeURIComponent('Banjir & makanan https://x.my/donation/a?b=1&c')}`,
    );
    for (const link of links) expect(link.href).not.toContain('&c&');
  });

  it('describes the organisation as an NGO, and an Event only with an event date', () => {
    const base = {
      locale: 'en' as const,
      url: 'https://x.my/donation/a',
      imageUrl: 'https://x.my/i.jpg',
      organisation: { name: 'Yayasan', url: 'https://x.my/', logoUrl: null, address: 'KL', email: '', phone: '' },
      currency: { code: 'MYR', exponent: 2 },
    };
    expect(campaignJsonLd({ ...base, campaign: view() }).map((n) => n['@type'])).toEqual(['NGO']);
    const withEvent = campaignJsonLd({ ...base, campaign: view({ eventDate: new Date('2026-12-05T10:00:00Z') }) });
    expect(withEvent.map((n) => n['@type'])).toEqual(['NGO', 'Event']);
    expect(withEvent[1]).toMatchObject({ startDate: '2026-12-05T10:00:00.000Z', name: 'Flood relief' });
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});

describe('the staff campaign form', () => {
  const fields = {
    title_en: 'Flood relief',
    title_ms: 'Bantuan banjir',
    category: 'disaster',
    goal: '1,500.00',
    starts_on: '2026-11-01',
    ends_on: '2026-11-30',
    suggested: '100 30 50 50',
    min_amount: '10',
    one_time: 'on',
    monthly_counts: '12 6',
    status: 'live',
  };

  it('reads major units into minor units and sorts lists', () => {
    const parsed = campaignForm(DEFAULT_CURRENCY).parse(fields);
    expect(parsed).toMatchObject({
      title: { en: 'Flood relief', ms: 'Bantuan banjir', id: '' },
      goalMinor: 150_000,
      suggestedAmounts: [3000, 5000, 10_000],
      minAmountMinor: 1000,
      maxAmountMinor: null,
      monthlyCounts: [6, 12],
      weeklyCounts: [],
      oneTime: true,
      coverFeesAllowed: false,
      endsOn: '2026-11-30',
    });
  });

  it('refuses bad input with message keys', () => {
    const form = campaignForm(DEFAULT_CURRENCY);
    const issues = (over: Record<string, string>) => {
      const result = form.safeParse({ ...fields, ...over });
      return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    };
    expect(issues({ title_en: '' })).toContain('title_en:field.required');
    expect(issues({ goal: '12.345' })).toContain('goal:donation.staff.amountInvalid');
    expect(issues({ ends_on: '2026-10-01' })).toContain('ends_on:donation.staff.endBeforeStart');
    expect(issues({ monthly_counts: '1' })).toContain('monthly_counts:donation.staff.countsInvalid');
    expect(issues({ one_time: '', monthly_counts: '' })).toContain('one_time:donation.staff.noGiftType');
    expect(issues({ max_amount: '5' })).toContain('max_amount:donation.staff.maxBelowMin');
    expect(issues({ category: 'x' })).toContain('category:donation.staff.categoryInvalid');
  });

  it('gives back the form values of a stored campaign (round trip)', () => {
    const parsed = campaignForm(DEFAULT_CURRENCY).parse(fields);
    const values = campaignFormValues(
      {
        ...parsed,
        goalMinor: parsed.goalMinor,
        startsAt: new Date('2026-10-31T16:00:00Z'),
        endsAt: new Date('2026-11-30T16:00:00Z'),
        eventDate: null,
      },
      DEFAULT_CURRENCY,
      'Asia/Kuala_Lumpur',
    );
    expect(values).toMatchObject({
      starts_on: '2026-11-01',
      ends_on: '2026-11-30',
      goal: '1500.00',
      suggested: '30.00 50.00 100.00',
    });
    expect(campaignForm(DEFAULT_CURRENCY).parse(values)).toEqual(parsed);
  });

  it('reads the staff list filters, blank meaning all', () => {
    expect(DonationFilterQuery.parse({ campaign: '', status: 'paid', q: ' Siti ' })).toEqual({
      status: 'paid',
      q: 'Siti',
    });
    expect(DonationFilterQuery.safeParse({ campaign: 'nope' }).success).toBe(false);
    expect(DonationFilterQuery.safeParse({ from: '2026-13' }).success).toBe(false);
    // The CSV endpoint's query is not refused by the page guard: NUL must stop here, not at the database.
    expect(DonationFilterQuery.safeParse({ q: 'a\u0000b' }).success).toBe(false);
  });
});

describe('donation lines of a paid invoice', () => {
  it('are every donation source, once each', () => {
    expect(
      donationIdsOf([
        { kind: 'donation', id: 'a' },
        null,
        { kind: 'booking', id: 'b' },
        { kind: 'donation', id: 'c' },
        { kind: 'donation', id: 'a' },
      ]),
    ).toEqual(['a', 'c']);
  });
});
