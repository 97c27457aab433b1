// Rules of recurring plans (issue 12), pure: what is due, what a decline leads to, how a plan
// stands after a paid charge. The job (jobs.server.ts) and the effects apply them.

import type { INSTALMENT_STATUSES, PLAN_FREQUENCIES, PLAN_METHODS, PLAN_STATUSES } from '#db/schema/donations.ts';

export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];
export type PlanMethod = (typeof PLAN_METHODS)[number];
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** A declined card instalment is tried again this many days after its first attempt (2, then 5); then the plan is failing. */
export const CARD_RETRY_AFTER_DAYS = [2, 5] as const;
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a donation invoice waiting for the donor (the checkout's, an online-banking or counter
 * instalment's pay-link) may be paid: then it expires and its pending gifts end (void), with the
 * plan still waiting on its first payment (cancelled, reason `unpaid`) or the instalment (skipped).
 */
export const DONATION_PAY_WITHIN_MS = 7 * DAY_MS;

/** Reasons a donor may give when cancelling (the manage page's choices; message keys `donation.plan.reason.*`). */
export const CANCEL_REASONS = ['afford', 'another_way', 'campaign', 'not_needed', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * After a declined attempt at a card instalment: when to try again, or `null` when the retries
 * are used up (the instalment fails and the plan is failing). `attempts` counts the attempts made,
 * this one included; `now` is this attempt's time. With the job on time the retries fall 2 and 5
 * days after the first attempt.
 */
export function nextRetryAt(attempts: number, now: Date): Date | null {
  const days = CARD_RETRY_AFTER_DAYS[attempts - 1];
  if (days === undefined) return null;
  const previous = attempts >= 2 ? (CARD_RETRY_AFTER_DAYS[attempts - 2] ?? 0) : 0;
  return new Date(now.getTime() + (days - previous) * DAY_MS);
}

/** Whether the plan's status lets the job charge or invoice its instalments. */
export function planCharges(status: PlanStatus): boolean {
  return status === 'active';
}

/** Whether the donor may still change a plan (amount, card) or cancel it. */
export function planChangeable(status: PlanStatus): boolean {
  return status === 'pending' || status === 'active' || status === 'failing';
}

export interface InstalmentState {
  seq: number;
  dueOn: string;
  status: InstalmentStatus;
}

/**
 * How a plan stands once its charges are counted: completed after `count` paid charges; else the
 * next date one is due (the first instalment neither paid nor skipped), which the job waits for.
 */
export function planProgress(
  count: number,
  instalments: readonly InstalmentState[],
): { chargesMade: number; nextChargeOn: string | null; completed: boolean } {
  const chargesMade = instalments.filter((i) => i.status === 'paid').length;
  const settled = instalments.filter((i) => i.status === 'paid' || i.status === 'skipped').length;
  const next = [...instalments]
    .sort((a, b) => a.seq - b.seq)
    .find((i) => i.status === 'scheduled' || i.status === 'failed' || i.status === 'invoiced');
  const completed = settled >= count;
  return { chargesMade, nextChargeOn: completed ? null : (next?.dueOn ?? null), completed };
}

/** The amount rule for a change on the manage page: within the campaign's limits, whole minor units. */
export function amountAllowed(amountMinor: number, limits: { min: number; max: number | null }): boolean {
  return (
    Number.isSafeInteger(amountMinor) && amountMinor >= limits.min && (limits.max === null || amountMinor <= limits.max)
  );
}
