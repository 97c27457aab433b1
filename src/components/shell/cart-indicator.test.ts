import { describe, expect, it } from 'vitest';
import { cartSummary } from './cart-indicator';

describe('the header’s donation cart indicator (issue 23)', () => {
  it('counts the lines and links the last campaign added', () => {
    const cart = {
      lines: [
        { campaignId: 'c1', publicId: 'banjir-kelantan', amountMinor: 1000, type: 'one-time' },
        { campaignId: 'c2', publicId: 'air-bersih-ntt', amountMinor: 500, type: 'monthly', count: 3 },
      ],
      donor: { name: 'Siti' },
    };
    expect(cartSummary(JSON.stringify(cart))).toEqual({ count: 2, campaign: 'air-bersih-ntt' });
  });
  it('shows nothing for no cart, an empty one, or anything unreadable', () => {
    for (const raw of [null, '', '{"lines":[]}', 'not json', '"text"', 'null', '{"lines":"x"}']) {
      expect(cartSummary(raw).count).toBe(0);
    }
  });
  it('never puts an odd campaign id into the link', () => {
    const cart = { lines: [{ publicId: '../../evil?x=1' }] };
    expect(cartSummary(JSON.stringify(cart))).toEqual({ count: 1, campaign: null });
  });
});
