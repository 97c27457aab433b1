// "Cover the fees" (issue 12): the donor adds what the payment provider keeps, so the campaign
// receives the whole gift. The provider takes `rate` of the gross plus a fixed amount, so
//   gross − (gross × rate + fixed) ≥ amount  ⇔  gross = ceil((amount + fixed) / (1 − rate)),
// fee = gross − amount. Integer arithmetic in basis points: no float rounding can undercharge.

export const PAYMENT_FEE_METHODS = ['card', 'fpx', 'counter'] as const;
export type FeeMethod = (typeof PAYMENT_FEE_METHODS)[number];

export interface FeeRate {
  /** Percentage of the gross in basis points (1.5 % = 150); 0 ≤ rateBps < 10000. */
  rateBps: number;
  /** Fixed part per payment, integer minor units. */
  fixedMinor: number;
}

export type FeeRates = Partial<Record<FeeMethod, FeeRate>>;

const BPS = 10_000n;

function checkRate(rate: FeeRate): void {
  if (!Number.isSafeInteger(rate.rateBps) || rate.rateBps < 0 || rate.rateBps >= 10_000) {
    throw new RangeError(`rateBps out of range: ${rate.rateBps}`);
  }
  if (!Number.isSafeInteger(rate.fixedMinor) || rate.fixedMinor < 0) {
    throw new RangeError(`fixedMinor out of range: ${rate.fixedMinor}`);
  }
}

/** The smallest gross whose net (after the provider's cut) is at least `amountMinor`. */
export function grossUp(amountMinor: number, rate: FeeRate): number {
  checkRate(rate);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`amount out of range: ${amountMinor}`);
  if (amountMinor === 0) return 0;
  // ceil(a / b) = (a + b − 1) / b for positive integers; a = (amount + fixed) × 10000, b = 10000 − bps.
  const numerator = (BigInt(amountMinor) + BigInt(rate.fixedMinor)) * BPS;
  const denominator = BPS - BigInt(rate.rateBps);
  return Number((numerator + denominator - 1n) / denominator);
}

/** The fee a donor adds to cover the provider's cut of `amountMinor` (0 for a zero gift). */
export function coverFee(amountMinor: number, rate: FeeRate | undefined): number {
  if (!rate) return 0;
  return grossUp(amountMinor, rate) - amountMinor;
}

/**
 * The fee to show before the method is chosen: the highest among the enabled methods, so
 * covering it is enough whichever method the donor then picks. 0 when no rates are known.
 */
export function coverFeeForAnyMethod(amountMinor: number, rates: FeeRates, methods: readonly FeeMethod[]): number {
  let fee = 0;
  for (const method of methods) {
    const rate = rates[method];
    if (rate) fee = Math.max(fee, coverFee(amountMinor, rate));
  }
  return fee;
}
