import { describe, expect, it } from 'vitest';
import {
  amountDueAtBooking,
  balanceAtVisit,
  blockedRange,
  canChangeOnline,
  HOLD_MINUTES,
  holdExpiry,
  isOverlapViolation,
} from './booking';

describe('booking rules', () => {
  it('holds for the 10 minutes of the payment reminder', () => {
    expect(HOLD_MINUTES).toBe(10);
    expect(holdExpiry(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-22T10:10:00.000Z');
  });
  it('blocks the appointment plus its buffers', () => {
    const range = blockedRange(new Date('2026-11-24T02:00:00Z'), {
      durationMinutes: 45,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
    });
    expect(range.endsAt.toISOString()).toBe('2026-11-24T02:45:00.000Z');
    expect(range.blocksFrom.toISOString()).toBe('2026-11-24T01:55:00.000Z');
    expect(range.blocksUntil.toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });
  it('takes the deposit online when there is one, else the price', () => {
    expect(amountDueAtBooking({ price: 15000, deposit: 5000 })).toBe(5000);
    expect(amountDueAtBooking({ price: 6000, deposit: null })).toBe(6000);
    // The rest is due at the visit, and said so.
    expect(balanceAtVisit({ price: 15000, deposit: 5000 }, 5000)).toBe(10000);
    expect(balanceAtVisit({ price: 6000, deposit: null }, 6000)).toBe(0);
    expect(balanceAtVisit({ price: 6000, deposit: 9000 }, 6000)).toBe(0);
    expect(amountDueAtBooking({ price: 3000, deposit: 5000 })).toBe(3000);
  });
  it('allows online changes only before the notice window, and only for live bookings', () => {
    const start = new Date('2026-11-25T02:00:00Z');
    expect(canChangeOnline({ status: 'confirmed', startsAt: start }, 24, new Date('2026-11-24T02:00:00Z'))).toBe(true);
    expect(canChangeOnline({ status: 'confirmed', startsAt: start }, 24, new Date('2026-11-24T02:00:01Z'))).toBe(false);
    expect(canChangeOnline({ status: 'cancelled', startsAt: start }, 24, new Date('2026-11-20T00:00:00Z'))).toBe(false);
  });
  it('recognises the exclusion constraint refusal, also when wrapped', () => {
    expect(isOverlapViolation({ code: '23P01' })).toBe(true);
    expect(isOverlapViolation(Object.assign(new Error('query failed'), { cause: { code: '23P01' } }))).toBe(true);
    expect(isOverlapViolation({ code: '23505' })).toBe(false);
  });
});
