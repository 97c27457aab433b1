import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY } from '#lib/money.ts';
import { moved, serviceForm } from './catalogue-forms';
import { parseClock, parseHolidays, parseOverride, parseRanges, parseWeek, weekFields } from './hours-rules';

const IDR = { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 };

describe('times and ranges', () => {
  it('reads 09:00, 9.30 and 24:00; refuses 25:00 and 09:60', () => {
    expect([parseClock('09:00'), parseClock('9.30'), parseClock('24:00')]).toEqual([540, 570, 1440]);
    expect([parseClock('25:00'), parseClock('09:60'), parseClock('nine'), parseClock('24:30')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
  it('overlapping hours are an error naming both', () => {
    const parsed = parseRanges('09:00-12:00, 11:30-13:00');
    expect(parsed).toEqual({
      ok: false,
      error: { key: 'catalogue.hours.error.overlap', values: { a: '09:00-12:00', b: '11:30-13:00' } },
    });
    expect(parseRanges('14:00-16:00, 09:00-12:00')).toEqual({
      ok: true,
      value: [
        { startMinute: 540, endMinute: 720 },
        { startMinute: 840, endMinute: 960 },
      ],
    });
    expect(parseRanges('12:00-09:00')).toMatchObject({ ok: false, error: { key: 'catalogue.hours.error.order' } });
  });
});

describe('weekly hours', () => {
  it('a day with breaks is its hours minus the breaks, and reads back the same', () => {
    const form = { open_1: '09:00', close_1: '18:00', breaks_1: '13:00-14:00', open_6: '9:00', close_6: '12:00' };
    const parsed = parseWeek(form);
    expect(parsed).toEqual({
      ok: true,
      value: [
        { weekday: 1, startMinute: 540, endMinute: 780 },
        { weekday: 1, startMinute: 840, endMinute: 1080 },
        { weekday: 6, startMinute: 540, endMinute: 720 },
      ],
    });
    if (parsed.ok)
      expect(weekFields(parsed.value)).toEqual({
        open_1: '09:00',
        close_1: '18:00',
        breaks_1: '13:00-14:00',
        open_6: '09:00',
        close_6: '12:00',
        breaks_6: '',
      });
  });
  it('a break outside the hours, a missing end or a bad time is that field’s error', () => {
    expect(parseWeek({ open_2: '09:00', close_2: '17:00', breaks_2: '17:30-18:00' })).toEqual({
      ok: false,
      errors: {
        breaks_2: {
          key: 'catalogue.hours.error.breakOutside',
          values: { value: '17:30-18:00', within: '09:00-17:00' },
        },
      },
    });
    const bad = parseWeek({ open_3: '09:00', open_4: '9am', close_4: '17:00', open_5: '17:00', close_5: '09:00' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.close_3?.key).toBe('catalogue.hours.error.bothTimes');
      expect(bad.errors.open_4).toEqual({ key: 'catalogue.hours.error.time', values: { value: '9am' } });
      expect(bad.errors.close_5?.key).toBe('catalogue.hours.error.order');
    }
  });
});

describe('date overrides', () => {
  it('30 February is not a date', () => {
    expect(parseOverride({ from: '2026-02-30', kind: 'off' })).toEqual({
      ok: false,
      errors: { from: { key: 'catalogue.date.error.invalid', values: { value: '2026-02-30' } } },
    });
  });
  it('a leave range is a day off on each date; extra hours are rows of that date', () => {
    const leave = parseOverride({ from: '2026-07-30', to: '2026-08-02', kind: 'off' });
    expect(leave.ok && leave.value.map((r) => r.date)).toEqual([
      '2026-07-30',
      '2026-07-31',
      '2026-08-01',
      '2026-08-02',
    ]);
    expect(leave.ok && leave.value.every((r) => r.startMinute === null)).toBe(true);
    expect(parseOverride({ from: '2026-07-04', kind: 'hours', hours: '09:00-12:00, 14:00-15:00' })).toEqual({
      ok: true,
      value: [
        { date: '2026-07-04', startMinute: 540, endMinute: 720 },
        { date: '2026-07-04', startMinute: 840, endMinute: 900 },
      ],
    });
  });
  it('an end before the start, a too long range, hours missing or overlapping are errors', () => {
    expect(parseOverride({ from: '2026-07-04', to: '2026-07-01', kind: 'off' })).toMatchObject({
      ok: false,
      errors: { to: { key: 'catalogue.date.error.order' } },
    });
    expect(parseOverride({ from: '2026-01-01', to: '2026-12-31', kind: 'off' })).toMatchObject({
      ok: false,
      errors: { to: { key: 'catalogue.date.error.tooLong' } },
    });
    expect(parseOverride({ from: '2026-07-04', kind: 'hours', hours: '' })).toMatchObject({
      ok: false,
      errors: { hours: { key: 'field.required' } },
    });
    expect(parseOverride({ from: '2026-07-04', kind: 'hours', hours: '09:00-12:00, 10:00-11:00' })).toMatchObject({
      ok: false,
      errors: { hours: { key: 'catalogue.hours.error.overlap' } },
    });
  });
});

describe('holidays pasted as a list', () => {
  it('reads ISO and day-first dates with names, sorted and once each', () => {
    expect(parseHolidays('31/08/2026 Merdeka\n\n2026-05-01 Labour Day\n2026-05-01 Hari Pekerja')).toEqual({
      ok: true,
      value: [
        { date: '2026-05-01', name: 'Hari Pekerja' },
        { date: '2026-08-31', name: 'Merdeka' },
      ],
    });
  });
  it('names the lines that are not dates (30 February among them) and saves none', () => {
    expect(parseHolidays('2026-02-30 nope\n2026-08-31 Merdeka\n31/13/2026')).toEqual({
      ok: false,
      errors: { holidays: { key: 'catalogue.holidays.error.lines', values: { dates: '2026-02-30, 31/13/2026' } } },
    });
  });
});

describe('the service form', () => {
  const base = {
    name_en: 'Dental check-up',
    duration: '30',
    price: '80.50',
    payment: 'full',
    buffer_before: '0',
    buffer_after: '10',
  };
  it('keeps money as integer minor units in the tenant’s currency', () => {
    const myr = serviceForm(DEFAULT_CURRENCY).safeParse(base);
    expect(myr.success && myr.data).toMatchObject({
      price: 8050,
      deposit: null,
      slug: 'dental-check-up',
      durationMinutes: 30,
    });
    const idr = serviceForm(IDR).safeParse({ ...base, price: '150.000', payment: 'deposit', deposit: '50.000' });
    expect(idr.success && idr.data).toMatchObject({ price: 150_000, deposit: 50_000 });
    // The rupiah has no decimals: 80.50 is refused, not rounded.
    expect(serviceForm(IDR).safeParse(base).success).toBe(false);
  });
  it('a negative price, a duration of 0 and a deposit over the price are clear errors', () => {
    const messages = (input: Record<string, string>) => {
      const parsed = serviceForm(DEFAULT_CURRENCY).safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    };
    expect(messages({ ...base, price: '-5' })).toEqual(['price:catalogue.service.error.negative']);
    expect(messages({ ...base, duration: '0' })).toEqual(['duration:catalogue.service.error.duration']);
    expect(messages({ ...base, payment: 'deposit', deposit: '100' })).toEqual([
      'deposit:catalogue.service.error.deposit',
    ]);
  });
});

describe('order', () => {
  it('moves one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', 'up')).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 'x', 'up')).toEqual(['a', 'b', 'c']);
  });
});
