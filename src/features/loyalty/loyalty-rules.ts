// Pure rules of the loyalty ledger (docs/decisions/0024-loyalty.md): no I/O, unit-tested.
import type { LoyaltyTier } from '#db/schema/loyalty.ts';
import type { LineSource } from '#features/invoices/index.ts';

/** How a programme earns (the columns the rules need). */
export interface EarnRules {
  earnPoints: number;
  earnPerMinor: number;
  earnOnDonations: boolean;
}

/**
 * The amount that earns points: what was paid for appointments (and gifts where the programme
 * says so), after discounts and redeemed rewards, never the fee. Integer minor units, never below 0.
 */
export function netEarningAmount(
  lines: readonly { amount: number; source: LineSource | null }[],
  rules: Pick<EarnRules, 'earnOnDonations'>,
): number {
  let charges = 0;
  let discounts = 0;
  for (const line of lines) {
    const kind = line.source?.kind;
    if (kind === 'booking' || (kind === 'donation' && rules.earnOnDonations)) charges += line.amount;
    else if (kind === 'reward' && line.amount < 0) discounts += -line.amount;
  }
  return Math.max(0, charges - discounts);
}

/**
 * Points for a net amount: whole steps of `earnPerMinor` (RM1 = 100 sen; Rp10.000 = 10000, IDR has
 * no decimals), times `earnPoints`, times the tier's rate, always rounded down.
 */
export function pointsForAmount(netMinor: number, rules: EarnRules, tierPercent = 100): number {
  if (!Number.isSafeInteger(netMinor) || netMinor <= 0 || rules.earnPoints <= 0 || rules.earnPerMinor <= 0) return 0;
  const base = Math.floor(netMinor / rules.earnPerMinor) * rules.earnPoints;
  return Math.floor((base * Math.max(0, Math.round(tierPercent))) / 100);
}

/** When points earned at `at` expire: `months` calendar months later (UTC), or never. */
export function expiryOf(at: Date, months: number | null): Date | null {
  if (months === null || months <= 0) return null;
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A lot as the spending rules see it. */
export interface Lot {
  id: string;
  remaining: number;
  usableFrom: Date;
  expiresAt: Date | null;
}

export function isLive(lot: Pick<Lot, 'expiresAt'>, now: Date): boolean {
  return lot.expiresAt === null || lot.expiresAt.getTime() > now.getTime();
}

/** Lots in the order they are spent: soonest-expiring first, never-expiring last, then oldest. */
export function spendingOrder<L extends Lot>(lots: readonly L[]): L[] {
  return [...lots].sort((a, b) => {
    const ea = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const eb = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
    if (ea !== eb) return ea - eb;
    return a.usableFrom.getTime() - b.usableFrom.getTime();
  });
}

/** Points a member may spend now: live, usable lots less what they owe. */
export function spendable(lots: readonly Lot[], owed: number, now: Date): number {
  const sum = lots
    .filter((l) => isLive(l, now) && l.usableFrom.getTime() <= now.getTime())
    .reduce((s, l) => s + l.remaining, 0);
  return sum - owed;
}

/** The balance shown: every live lot (usable or not yet) less what is owed; may be negative. */
export function balanceOf(lots: readonly Lot[], owed: number, now: Date): number {
  return lots.filter((l) => isLive(l, now)).reduce((s, l) => s + l.remaining, 0) - owed;
}

export interface Draw {
  lotId: string;
  points: number;
}

/**
 * Which lots pay `points`, soonest-expiring first, from live usable lots only; null when they do
 * not cover it (owed points count against the balance first).
 */
export function planSpend(lots: readonly Lot[], points: number, owed: number, now: Date): Draw[] | null {
  if (!Number.isSafeInteger(points) || points <= 0) return null;
  if (spendable(lots, owed, now) < points) return null;
  const draws: Draw[] = [];
  let left = points;
  for (const lot of spendingOrder(lots)) {
    if (left === 0) break;
    if (!isLive(lot, now) || lot.usableFrom.getTime() > now.getTime() || lot.remaining <= 0) continue;
    const take = Math.min(lot.remaining, left);
    draws.push({ lotId: lot.id, points: take });
    left -= take;
  }
  return left === 0 ? draws : null;
}

/**
 * A clawback of `points`: from the refunded earn's own lot first, then the others soonest-expiring
 * (expired lots included: their points are gone either way); what no lot holds is `short`.
 */
export function planClawback(
  lots: readonly Lot[],
  points: number,
  firstLotId: string | null,
  now: Date,
): { draws: Draw[]; short: number } {
  const ordered = spendingOrder(lots.filter((l) => isLive(l, now)));
  const first = ordered.findIndex((l) => l.id === firstLotId);
  if (first > 0) ordered.unshift(...ordered.splice(first, 1));
  const draws: Draw[] = [];
  let left = Math.max(0, points);
  for (const lot of ordered) {
    if (left === 0) break;
    if (lot.remaining <= 0) continue;
    const take = Math.min(lot.remaining, left);
    draws.push({ lotId: lot.id, points: take });
    left -= take;
  }
  return { draws, short: left };
}

/** Where a member stands among the tiers, by points earned in the rolling window. */
export interface TierStanding {
  current: LoyaltyTier | null;
  next: LoyaltyTier | null;
  /** Points still to earn to reach `next` (0 at the top). */
  toNext: number;
  earnedInWindow: number;
}

export function tierStanding(tiers: readonly LoyaltyTier[], earnedInWindow: number): TierStanding {
  const sorted = [...tiers].sort((a, b) => a.threshold - b.threshold);
  let current: LoyaltyTier | null = null;
  let next: LoyaltyTier | null = null;
  for (const tier of sorted) {
    if (earnedInWindow >= tier.threshold) current = tier;
    else {
      next = tier;
      break;
    }
  }
  return { current, next, toNext: next ? next.threshold - earnedInWindow : 0, earnedInWindow };
}

/** The start of the rolling tier window ending at `now`. */
export function tierWindowStart(now: Date, months: number): Date {
  return expiryOf(now, -months) ?? shiftMonths(now, -months);
}

function shiftMonths(at: Date, months: number): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** A reward's discount on a charge of `chargeMinor`: fixed, or a percentage up to its cap. */
export function discountOf(
  reward: { kind: string; valueMinor: number | null; percent: number | null },
  chargeMinor: number,
): number {
  if (chargeMinor <= 0) return 0;
  if (reward.kind === 'discount_fixed') return Math.min(chargeMinor, reward.valueMinor ?? 0);
  if (reward.kind === 'discount_percent') {
    const off = Math.floor((chargeMinor * (reward.percent ?? 0)) / 100);
    return Math.min(off, reward.valueMinor ?? off, chargeMinor);
  }
  if (reward.kind === 'free_service') return chargeMinor;
  return 0;
}

const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A counter voucher code from random bytes: 10 letters in two groups, no 0/O or 1/I. */
export function voucherCode(bytes: Uint8Array): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += VOUCHER_ALPHABET[(bytes[i] ?? 0) % VOUCHER_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A typed or scanned code, normalised (case, spaces, a missing dash). */
export function normaliseVoucherCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (letters.length !== 10 || [...letters].some((c) => !VOUCHER_ALPHABET.includes(c))) return null;
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}
