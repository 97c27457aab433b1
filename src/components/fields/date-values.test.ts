import { describe, expect, it } from 'vitest';
import { parseIsoDate, parseIsoDates, toIsoDate } from './date-values';

describe('date values', () => {
  it('round-trips yyyy-MM-dd through local dates', () => {
    const date = parseIsoDate('2030-06-03');
    expect(date?.getFullYear()).toBe(2030);
    expect(date?.getMonth()).toBe(5);
    expect(date?.getDate()).toBe(3);
    expect(toIsoDate(date as Date)).toBe('2030-06-03');
  });

  it('rejects malformed and impossible dates', () => {
    expect(parseIsoDate('2030-02-30')).toBeNull();
    expect(parseIsoDate('03/06/2030')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
    expect(parseIsoDates(['2030-01-01', 'x', '2030-13-01'])).toHaveLength(1);
  });
});
