import { describe, expect, it } from 'vitest';
import { giftsCoveredBy } from './refund-share';

const gifts = [
  { id: 'a', chargeMinor: 5000 },
  { id: 'b', chargeMinor: 2000 },
  { id: 'c', chargeMinor: 3106 },
];
const ids = (list: { id: string }[]) => list.map((g) => g.id);

describe('giftsCoveredBy', () => {
  it('takes out the one gift the refunded money matches exactly', () => {
    expect(ids(giftsCoveredBy(gifts, 3106))).toEqual(['c']);
    expect(ids(giftsCoveredBy(gifts, 2000))).toEqual(['b']);
  });
  it('takes out every gift for the whole payment, whole gifts only for a part', () => {
    expect(ids(giftsCoveredBy(gifts, 10_106))).toEqual(['a', 'b', 'c']);
    expect(ids(giftsCoveredBy(gifts, 10_500))).toEqual(['a', 'b', 'c']);
    expect(ids(giftsCoveredBy(gifts, 7500))).toEqual(['a', 'b']);
    expect(ids(giftsCoveredBy(gifts, 1999))).toEqual([]);
    expect(ids(giftsCoveredBy(gifts, 0))).toEqual([]);
  });
});
