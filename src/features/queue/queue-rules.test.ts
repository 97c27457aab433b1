import { describe, expect, it } from 'vitest';
import { zonedDate } from '#lib/zoned-time.ts';
import { closedStatus, estimatedWaitMinutes, nextStatus, parsePointFilter, ticketNumber } from './queue-rules';

describe('ticket numbers', () => {
  it('pads to three digits with the queue prefix and grows past 999', () => {
    expect(ticketNumber('A', 1)).toBe('A001');
    expect(ticketNumber('P', 14)).toBe('P014');
    expect(ticketNumber('B', 1000)).toBe('B1000');
  });
  it('refuses a bad prefix or sequence', () => {
    expect(() => ticketNumber('a', 1)).toThrow();
    expect(() => ticketNumber('A', 0)).toThrow();
  });
});

describe('the tenant day (daily reset)', () => {
  it('changes at midnight in the tenant time zone, not UTC', () => {
    // 15:59 UTC is 23:59 in Kuala Lumpur; 16:00 UTC is the next day there.
    expect(zonedDate(new Date('2026-11-24T15:59:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-11-24');
    expect(zonedDate(new Date('2026-11-24T16:00:00Z'), 'Asia/Kuala_Lumpur')).toBe('2026-11-25');
    // Jakarta is UTC+7: the same instant is still the 24th there.
    expect(zonedDate(new Date('2026-11-24T16:30:00Z'), 'Asia/Jakarta')).toBe('2026-11-24');
    expect(zonedDate(new Date('2026-11-24T17:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-25');
  });
});

describe('status transitions', () => {
  it('follows waiting → called → serving → done', () => {
    expect(nextStatus('waiting', 'call')).toBe('called');
    expect(nextStatus('called', 'serve')).toBe('serving');
    expect(nextStatus('serving', 'done')).toBe('done');
  });
  it('refuses steps out of order', () => {
    expect(nextStatus('waiting', 'serve')).toBeNull();
    expect(nextStatus('done', 'call')).toBeNull();
    expect(nextStatus('serving', 'miss')).toBeNull();
    expect(nextStatus('waiting', 'recall')).toBeNull();
    expect(nextStatus('missed', 'transfer')).toBeNull();
  });
  it('puts a missed ticket back in line and a transferred one in line elsewhere', () => {
    expect(nextStatus('called', 'miss')).toBe('missed');
    expect(nextStatus('missed', 'requeue')).toBe('waiting');
    expect(nextStatus('serving', 'transfer')).toBe('waiting');
    expect(nextStatus('done', 'transfer')).toBe('waiting');
  });
  it('closes open tickets at the end of their day', () => {
    expect(closedStatus('waiting')).toBe('missed');
    expect(closedStatus('called')).toBe('missed');
    expect(closedStatus('serving')).toBe('done');
    expect(closedStatus('done')).toBe('done');
  });
});

describe('estimated wait', () => {
  it('uses 5 minutes per ticket before any is finished', () => {
    expect(estimatedWaitMinutes({ ahead: 3, points: 1, serviceSeconds: [] })).toBe(15);
  });
  it('averages today’s service times and shares the line between points', () => {
    expect(estimatedWaitMinutes({ ahead: 4, points: 2, serviceSeconds: [120, 240] })).toBe(6);
    expect(estimatedWaitMinutes({ ahead: 5, points: 2, serviceSeconds: [60] })).toBe(3);
  });
  it('is zero when next in line, and ignores nonsense', () => {
    expect(estimatedWaitMinutes({ ahead: 0, points: 0, serviceSeconds: [-5, Number.NaN] })).toBe(0);
  });
});

describe('board point filter', () => {
  it('keeps only ids', () => {
    expect(parsePointFilter('x,00000000-0000-4000-8000-000000000001, 00000000-0000-4000-8000-000000000001')).toEqual([
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(parsePointFilter(null)).toEqual([]);
  });
});
