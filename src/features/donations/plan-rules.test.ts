import { describe, expect, it } from 'vitest';
import { amountAllowed, DAY_MS, nextRetryAt, planChangeable, planCharges, planProgress } from './plan-rules';

describe('card instalment retries', () => {
  const first = new Date('2026-03-10T01:00:00Z');
  it('tries again 2 days, then 5 days after the first attempt, then gives up', () => {
    const second = nextRetryAt(1, first);
    expect(second).toEqual(new Date(first.getTime() + 2 * DAY_MS));
    expect(nextRetryAt(2, second ?? first)).toEqual(new Date(first.getTime() + 5 * DAY_MS));
    expect(nextRetryAt(3, first)).toBeNull();
  });
});

describe('plan progress', () => {
  it('counts paid charges and names the next due day', () => {
    expect(
      planProgress(3, [
        { seq: 1, dueOn: '2026-01-31', status: 'paid' },
        { seq: 2, dueOn: '2026-02-28', status: 'scheduled' },
        { seq: 3, dueOn: '2026-03-31', status: 'scheduled' },
      ]),
    ).toEqual({ chargesMade: 1, nextChargeOn: '2026-02-28', completed: false });
  });
  it('completes after count charges (skipped ones count as settled, not as charges)', () => {
    expect(
      planProgress(2, [
        { seq: 2, dueOn: '2026-01-08', status: 'paid' },
        { seq: 1, dueOn: '2026-01-01', status: 'paid' },
      ]),
    ).toEqual({ chargesMade: 2, nextChargeOn: null, completed: true });
    expect(
      planProgress(2, [
        { seq: 1, dueOn: '2026-01-01', status: 'paid' },
        { seq: 2, dueOn: '2026-01-08', status: 'skipped' },
      ]),
    ).toEqual({ chargesMade: 1, nextChargeOn: null, completed: true });
  });
  it('waits on a failed or invoiced instalment before later ones', () => {
    expect(
      planProgress(3, [
        { seq: 1, dueOn: '2026-01-01', status: 'paid' },
        { seq: 2, dueOn: '2026-01-08', status: 'failed' },
        { seq: 3, dueOn: '2026-01-15', status: 'scheduled' },
      ]).nextChargeOn,
    ).toBe('2026-01-08');
  });
});

describe('plan statuses', () => {
  it('charges only active plans; changes until cancelled or completed', () => {
    expect(planCharges('active')).toBe(true);
    expect(planCharges('failing')).toBe(false);
    expect(planCharges('pending')).toBe(false);
    expect(planChangeable('failing')).toBe(true);
    expect(planChangeable('cancelled')).toBe(false);
    expect(planChangeable('completed')).toBe(false);
  });
});

describe('amounts', () => {
  it('keeps amounts within the limits', () => {
    expect(amountAllowed(1000, { min: 500, max: null })).toBe(true);
    expect(amountAllowed(499, { min: 500, max: null })).toBe(false);
    expect(amountAllowed(10_001, { min: 500, max: 10_000 })).toBe(false);
    expect(amountAllowed(1.5, { min: 0, max: null })).toBe(false);
  });
});
