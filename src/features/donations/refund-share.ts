// Which gifts a refund of a cart's payment takes out of the totals (issue 12), pure.

export interface GiftCharge {
  id: string;
  /** What its invoice line charged: the gift and the fee the donor covered, minor units. */
  chargeMinor: number;
}

/**
 * The paid gifts a refund of `leftMinor` — money given back on the payment not yet matched to a
 * gift taken out — covers, when the refund names no one gift: a gift charged exactly that much
 * first (a staff refund of one line made elsewhere), else the gifts in line order while the money
 * covers each whole gift. A gift is never taken out for part of its money: a refund of less than
 * any gift leaves them all counted until the rest goes back. A refund of the whole payment takes
 * every gift out.
 */
export function giftsCoveredBy<G extends GiftCharge>(paid: readonly G[], leftMinor: number): G[] {
  if (leftMinor <= 0) return [];
  const exact = paid.find((gift) => gift.chargeMinor === leftMinor);
  if (exact) return [exact];
  const taken: G[] = [];
  let left = leftMinor;
  for (const gift of paid) {
    if (gift.chargeMinor > left) continue;
    taken.push(gift);
    left -= gift.chargeMinor;
  }
  return taken;
}
