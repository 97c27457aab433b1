import { describe, expect, it } from 'vitest';
import {
  campaignCoverSrcset,
  campaignImagePath,
  campaignPath,
  campaignTotalsApiPath,
  donationCheckoutPath,
  donationEmbedFormPath,
  planManagePath,
  receiptPdfPath,
} from './paths';

describe('donation addresses', () => {
  it('builds each page in the visitor’s language, the query after the prefix', () => {
    expect(campaignPath('ms', 'ramadan-2026')).toBe('/ms/donation/ramadan-2026');
    expect(donationCheckoutPath('en', 'c1')).toBe('/donation/c1/checkout');
    expect(donationCheckoutPath('id', 'c1', 'INV1')).toBe('/id/donation/c1/checkout?invoice=INV1');
    expect(donationCheckoutPath('en', 'c1', 'INV1', true)).toBe('/donation/c1/checkout?invoice=INV1&from=cart');
    expect(donationEmbedFormPath('ms', 'c1', 'INV1')).toBe('/ms/donation/c1/embed-form?invoice=INV1');
  });

  it('encodes odd segments', () => {
    expect(campaignPath('en', 'a/b?c')).toBe('/donation/a%2Fb%3Fc');
    expect(donationCheckoutPath('en', 'c', 'x&from=cart')).toBe('/donation/c/checkout?invoice=x%26from%3Dcart');
    expect(campaignImagePath('c#1', 'cover', 'v 2')).toBe('/donation/c%231/image/cover?v=v%202');
    expect(planManagePath('ms', 't/../x')).toBe('/ms/donation/plans/t%2F..%2Fx');
    expect(receiptPdfPath('en', 'tok?')).toBe('/donation/receipts/tok%3F.pdf');
    expect(campaignTotalsApiPath('Ünï')).toBe('/api/donations/campaigns/%C3%9Cn%C3%AF/totals');
  });

  it('offers a cover at the widths a card or a page shows it, never wider than the original (issue 25)', () => {
    expect(campaignImagePath('c1', 'cover', 'v2', 400)).toBe('/donation/c1/image/cover?v=v2&w=400');
    expect(campaignCoverSrcset('c1', 'v2', { width: 1600 })).toBe(
      '/donation/c1/image/cover?v=v2&w=400 400w, /donation/c1/image/cover?v=v2&w=800 800w, ' +
        '/donation/c1/image/cover?v=v2&w=1200 1200w, /donation/c1/image/cover?v=v2 1600w',
    );
    expect(campaignCoverSrcset('c1', 'v2', { width: 800 })).toBe(
      '/donation/c1/image/cover?v=v2&w=400 400w, /donation/c1/image/cover?v=v2 800w',
    );
  });
});
