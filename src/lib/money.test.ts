import { describe, expect, it } from 'vitest';
import type { Currency } from './money';
import {
  currencyFromSettings,
  currencyFromSubUnit,
  DEFAULT_CURRENCY,
  formatAmount,
  formatMoney,
  toMinorUnits,
} from './money';

const IDR: Currency = { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 };
const KWD: Currency = { code: 'KWD', symbol: 'KD', multiplier: 1000, exponent: 3 };

describe('DEFAULT_CURRENCY', () => {
  it('is MYR / RM / 100 / 2 (SPEC §9)', () => {
    expect(DEFAULT_CURRENCY).toEqual({ code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 });
  });
});

describe('formatMoney', () => {
  it('divides by the multiplier, shows exponent decimals and comma thousands', () => {
    expect(formatMoney(123456)).toBe('RM1,234.56');
    expect(formatMoney(100)).toBe('RM1.00');
    expect(formatMoney(5)).toBe('RM0.05');
    expect(formatMoney(0)).toBe('RM0.00');
    expect(formatMoney(99999999)).toBe('RM999,999.99');
    expect(formatMoney(100000000)).toBe('RM1,000,000.00');
  });

  it('handles zero-decimal currencies', () => {
    expect(formatMoney(1500000, IDR)).toBe('Rp1.500.000');
    expect(formatMoney(999, IDR)).toBe('Rp999');
    expect(formatMoney(1000, IDR)).toBe('Rp1.000');
  });

  it('handles three-decimal currencies', () => {
    expect(formatMoney(1234567, KWD)).toBe('KD1,234.567');
  });

  it('puts the minus before the symbol', () => {
    expect(formatMoney(-1250)).toBe('-RM12.50');
    expect(formatMoney(-1500000, IDR)).toBe('-Rp1.500.000');
  });

  it('is exact where float division is not', () => {
    // The largest safe integer stays exact to the last sen.
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('RM90,071,992,547,409.91');
    expect(formatMoney(1015)).toBe('RM10.15');
    expect(formatMoney(29)).toBe('RM0.29');
  });

  it('rounds non-integer minor units half away from zero, without "-0"', () => {
    expect(formatMoney(1234.5)).toBe('RM12.35');
    expect(formatMoney(-1234.5)).toBe('-RM12.35');
    expect(formatMoney(-0.4)).toBe('RM0.00');
  });

  it('rounds when the multiplier is not 10^exponent', () => {
    expect(formatMoney(150, { code: 'X', symbol: 'X', multiplier: 100, exponent: 0 })).toBe('X2');
    expect(formatMoney(149, { code: 'X', symbol: 'X', multiplier: 100, exponent: 0 })).toBe('X1');
  });

  it('shows zero for NaN/Infinity instead of "NaN"', () => {
    expect(formatMoney(Number.NaN)).toBe('RM0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('RM0.00');
  });
});

describe('formatAmount', () => {
  it('is formatMoney without the symbol', () => {
    expect(formatAmount(123456)).toBe('1,234.56');
    expect(formatAmount(123456, DEFAULT_CURRENCY)).toBe('1,234.56');
    expect(formatAmount(1500000, IDR)).toBe('1.500.000');
    expect(formatAmount(-1250)).toBe('-12.50');
  });
});

describe('toMinorUnits', () => {
  it('parses plain and comma-grouped strings', () => {
    expect(toMinorUnits('1,234.56')).toBe(123456);
    expect(toMinorUnits('1234.56')).toBe(123456);
    expect(toMinorUnits('1234.5')).toBe(123450);
    expect(toMinorUnits('1234')).toBe(123400);
    expect(toMinorUnits('.5')).toBe(50);
    expect(toMinorUnits('5.')).toBe(500);
    expect(toMinorUnits(' 12.50 ')).toBe(1250);
    expect(toMinorUnits('1,000,000', IDR)).toBe(1000000);
  });

  it('reads rupiah as Indonesians type them: dots between thousands, a decimal comma', () => {
    expect(toMinorUnits('50.000', IDR)).toBe(50_000);
    expect(toMinorUnits('Rp 1.250.000', IDR)).toBe(1_250_000);
    expect(toMinorUnits('1.500,', IDR)).toBe(1500);
    expect(toMinorUnits('1.500,5', IDR)).toBeNull();
    expect(toMinorUnits(formatAmount(75_000, IDR), IDR)).toBe(75_000);
    // Ringgit keep the dot as the decimal point.
    expect(toMinorUnits('50.000')).toBe(5000);
  });

  it('accepts a sign and the currency symbol', () => {
    expect(toMinorUnits('-12.50')).toBe(-1250);
    expect(toMinorUnits('RM1,234.56')).toBe(123456);
    expect(toMinorUnits('-RM 12.50')).toBe(-1250);
    expect(toMinorUnits('Rp1.500.000', IDR)).toBe(1500000);
    expect(toMinorUnits('-0')).toBe(0);
    expect(Object.is(toMinorUnits('-0'), -0)).toBe(false);
  });

  it('returns null for invalid input', () => {
    for (const bad of [
      '',
      ' ',
      '.',
      '-',
      'abc',
      '12a',
      '1,23.45',
      '1,2345',
      ',123',
      '1.2.3',
      '1e5',
      '--1',
      'RM',
      '+5',
    ]) {
      expect(toMinorUnits(bad), bad).toBeNull();
    }
  });

  it('refuses more precision than the currency holds', () => {
    expect(toMinorUnits('1.234')).toBeNull();
    expect(toMinorUnits('1.230')).toBe(123);
    expect(toMinorUnits('1.5', IDR)).toBeNull();
    expect(toMinorUnits('1.00', IDR)).toBe(1);
  });

  it('parses numbers without float noise', () => {
    expect(toMinorUnits(1234.56)).toBe(123456);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(1500000, IDR)).toBe(1500000);
    expect(toMinorUnits(-12.5)).toBe(-1250);
    expect(toMinorUnits(1.234)).toBeNull();
    expect(toMinorUnits(Number.NaN)).toBeNull();
    expect(toMinorUnits(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('refuses amounts beyond the safe integer range', () => {
    expect(toMinorUnits('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toMinorUnits('90071992547409.92')).toBeNull();
  });

  it('round-trips with formatAmount', () => {
    for (const minor of [0, 1, 99, 100, 123456, 100000000, -1250]) {
      expect(toMinorUnits(formatAmount(minor))).toBe(minor);
      expect(toMinorUnits(formatMoney(minor))).toBe(minor);
    }
  });
});

describe('currencyFromSubUnit', () => {
  it('derives exponent as digit count of the sub unit minus one', () => {
    expect(currencyFromSubUnit('MYR', 'RM', 100)).toEqual(DEFAULT_CURRENCY);
    expect(currencyFromSubUnit('IDR', 'Rp', 1)).toEqual(IDR);
    expect(currencyFromSubUnit('KWD', 'KD', 1000)).toEqual(KWD);
    expect(currencyFromSubUnit('SGD', 'S$', 10).exponent).toBe(1);
  });

  it('accepts numeric strings', () => {
    expect(currencyFromSubUnit('IDR', 'Rp', '1')).toEqual(IDR);
    expect(currencyFromSubUnit('MYR', 'RM', ' 100 ')).toEqual(DEFAULT_CURRENCY);
  });

  it('falls back to 100 for a missing or broken sub unit', () => {
    for (const bad of [0, -100, 1.5, Number.NaN, '', 'abc']) {
      expect(currencyFromSubUnit('XXX', 'X', bad)).toEqual({ code: 'XXX', symbol: 'X', multiplier: 100, exponent: 2 });
    }
  });
});

describe('currencyFromSettings', () => {
  it('reads the currency_* shape', () => {
    expect(currencyFromSettings({ currency_code: 'IDR', currency_symbol: 'Rp', currency_sub_unit: 1 })).toEqual(IDR);
    expect(currencyFromSettings({ currency_code: 'IDR', currency_symbol: 'Rp', currency_sub_unit: '1' })).toEqual(IDR);
  });

  it('reads the { symbol, multiplier, exponent } shape', () => {
    expect(currencyFromSettings({ code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 })).toEqual(IDR);
    // exponent derived from multiplier when missing
    expect(currencyFromSettings({ code: 'KWD', symbol: 'KD', multiplier: 1000 })).toEqual(KWD);
  });

  it('falls back to the default for missing parts', () => {
    expect(currencyFromSettings(undefined)).toEqual(DEFAULT_CURRENCY);
    expect(currencyFromSettings(null)).toEqual(DEFAULT_CURRENCY);
    expect(currencyFromSettings({})).toEqual(DEFAULT_CURRENCY);
    expect(currencyFromSettings({ currency_symbol: 'S$', currency_code: 'SGD' })).toEqual({
      code: 'SGD',
      symbol: 'S$',
      multiplier: 100,
      exponent: 2,
    });
  });

  it('returns a fresh object, so callers cannot mutate the default', () => {
    const c = currencyFromSettings(undefined);
    c.symbol = 'X';
    expect(DEFAULT_CURRENCY.symbol).toBe('RM');
  });
});
