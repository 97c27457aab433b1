// The donation cart's rules (issue 12), pure so the form and checkout islands and the server share
// them. A cart holds lines across campaigns; each line is one gift with its own type and count.
// The browser keeps it as `donation_cart` (src/stores/carts.ts, SPEC.md §4: setting it clears
// the appointment cart); the server never trusts it: checkout re-checks every line against the
// campaign (`lineProblem`) and recomputes the amounts and fees.
import type { DonationCartLine, DonationType } from '#stores/cart-shapes.ts';
import { coverFeeForAnyMethod, type FeeMethod, type FeeRates } from './fees';

export { MAX_DONATION_CART_LINES } from '#stores/cart-shapes.ts';
export type { DonationCartLine, DonationType };

/** What a campaign allows a gift to be (from its row; the form and checkout check against it). */
export interface GivingOptions {
  minAmountMinor: number;
  /** null: no maximum beyond the invoice limit. */
  maxAmountMinor: number | null;
  oneTime: boolean;
  /** Allowed numbers of weeks; empty: weekly not offered. */
  weeklyCounts: readonly number[];
  /** Allowed numbers of months; empty: monthly not offered. */
  monthlyCounts: readonly number[];
  coverFeesAllowed: boolean;
  /** Only a live campaign takes gifts. */
  live: boolean;
}

/** Message keys naming what is wrong with a line. */
export type LineProblem =
  | 'donation.form.campaignClosed'
  | 'donation.form.amountTooSmall'
  | 'donation.form.amountTooLarge'
  | 'donation.form.typeUnavailable'
  | 'donation.form.countUnavailable'
  | 'donation.form.coverFeesUnavailable';

/** The donation types a campaign offers, in display order. */
export function offeredTypes(options: GivingOptions): DonationType[] {
  const types: DonationType[] = [];
  if (options.oneTime) types.push('one-time');
  if (options.weeklyCounts.length > 0) types.push('weekly');
  if (options.monthlyCounts.length > 0) types.push('monthly');
  return types;
}

/** The allowed counts for a type (empty for one-time). */
export function allowedCounts(options: GivingOptions, type: DonationType): readonly number[] {
  if (type === 'weekly') return options.weeklyCounts;
  if (type === 'monthly') return options.monthlyCounts;
  return [];
}

/** The first problem of a line against its campaign, or null when the campaign takes it. */
export function lineProblem(
  line: Pick<DonationCartLine, 'amountMinor' | 'type' | 'count' | 'coverFees'>,
  options: GivingOptions,
): LineProblem | null {
  if (!options.live) return 'donation.form.campaignClosed';
  if (!offeredTypes(options).includes(line.type)) return 'donation.form.typeUnavailable';
  if (
    line.type !== 'one-time' &&
    (line.count === undefined || !allowedCounts(options, line.type).includes(line.count))
  ) {
    return 'donation.form.countUnavailable';
  }
  if (line.amountMinor < Math.max(1, options.minAmountMinor)) return 'donation.form.amountTooSmall';
  if (options.maxAmountMinor !== null && line.amountMinor > options.maxAmountMinor) {
    return 'donation.form.amountTooLarge';
  }
  if (line.coverFees && !options.coverFeesAllowed) return 'donation.form.coverFeesUnavailable';
  return null;
}

/**
 * Lines are the same gift when campaign, type, count and fundraiser (issue 13: none for a direct
 * gift) agree: adding it again replaces it.
 */
export function sameGift(a: DonationCartLine, b: DonationCartLine): boolean {
  return (
    a.campaignId === b.campaignId &&
    a.type === b.type &&
    (a.count ?? null) === (b.count ?? null) &&
    (a.fundraiserId ?? null) === (b.fundraiserId ?? null)
  );
}

/** A line as stored: one-time lines carry no count. */
export function normaliseLine(line: DonationCartLine): DonationCartLine {
  if (line.type !== 'one-time') return line;
  const { count: _count, ...rest } = line;
  return rest as DonationCartLine;
}

/**
 * The cart's lines with `line` added: the same gift (campaign, type, count) is replaced, a new one
 * appended. Returns null when the cart is full.
 */
export function addLine(
  lines: readonly DonationCartLine[],
  line: DonationCartLine,
  max: number,
): DonationCartLine[] | null {
  const added = normaliseLine(line);
  const index = lines.findIndex((existing) => sameGift(existing, added));
  if (index >= 0) return lines.map((existing, i) => (i === index ? added : existing));
  if (lines.length >= max) return null;
  return [...lines, added];
}

/** The lines with the one at `index` changed (the same gift elsewhere in the cart is merged away). */
export function updateLine(
  lines: readonly DonationCartLine[],
  index: number,
  patch: Partial<Pick<DonationCartLine, 'amountMinor' | 'type' | 'count' | 'coverFees'>>,
): DonationCartLine[] {
  const current = lines[index];
  if (!current) return [...lines];
  const updated = normaliseLine({ ...current, ...patch });
  return lines.flatMap((existing, i) => {
    if (i === index) return [updated];
    return sameGift(existing, updated) ? [] : [existing];
  });
}

export function removeLine(lines: readonly DonationCartLine[], index: number): DonationCartLine[] {
  return lines.filter((_, i) => i !== index);
}

/** How many charges a line makes in all (1 for one-time). */
export function chargesOf(line: Pick<DonationCartLine, 'type' | 'count'>): number {
  return line.type === 'one-time' ? 1 : (line.count ?? 1);
}

export interface LineAmounts {
  /** The gift of one charge. */
  amountMinor: number;
  /** The covered fee of one charge (0 when not covered). */
  feeMinor: number;
  /** What one charge costs the donor: gift + fee. */
  chargeMinor: number;
  /** What the line costs over all its charges. */
  pledgedMinor: number;
}

/** The fee that covers a gift of `amountMinor` (what "cover the fees" adds to one charge). */
export type FeeFor = (amountMinor: number) => number;

/**
 * The fee covering a gift whichever of the tenant's enabled methods the donor then pays with: the
 * highest of their gross-ups (the method is chosen after checkout, and a plan may change card).
 */
export function feeForMethods(rates: FeeRates, methods: readonly FeeMethod[]): FeeFor {
  return (amountMinor) => coverFeeForAnyMethod(amountMinor, rates, methods);
}

/** A line's amounts: the covering fee added to each charge when the donor covers it. */
export function lineAmounts(
  line: Pick<DonationCartLine, 'amountMinor' | 'type' | 'count' | 'coverFees'>,
  feeFor: FeeFor,
): LineAmounts {
  const feeMinor = line.coverFees ? feeFor(line.amountMinor) : 0;
  const chargeMinor = line.amountMinor + feeMinor;
  return { amountMinor: line.amountMinor, feeMinor, chargeMinor, pledgedMinor: chargeMinor * chargesOf(line) };
}

export interface CartTotals {
  /** Paid now at checkout: the first charge of every line. */
  dueNowMinor: number;
  /** Of which covered fees. */
  feeNowMinor: number;
  /** Everything the cart commits to over all charges. */
  pledgedMinor: number;
}

export function cartTotals(lines: readonly DonationCartLine[], feeFor: FeeFor): CartTotals {
  let dueNowMinor = 0;
  let feeNowMinor = 0;
  let pledgedMinor = 0;
  for (const line of lines) {
    const amounts = lineAmounts(line, feeFor);
    dueNowMinor += amounts.chargeMinor;
    feeNowMinor += amounts.feeMinor;
    pledgedMinor += amounts.pledgedMinor;
  }
  return { dueNowMinor, feeNowMinor, pledgedMinor };
}
