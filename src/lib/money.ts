// Money helpers. Amounts travel as integer minor units (sen, cents); all
// formatting is done with BigInt so large amounts never pick up float error.

export interface Currency {
  code: string;
  symbol: string;
  /** Minor units per major unit (sub unit): 100 for MYR, 1 for IDR. */
  multiplier: number;
  /** Decimals shown. */
  exponent: number;
}

export const DEFAULT_CURRENCY: Currency = { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 };

/** Currency as some settings payloads carry it (SPEC §3). */
export interface CurrencySettings {
  code?: string | null;
  symbol?: string | null;
  multiplier?: number | null;
  exponent?: number | null;
  currency_code?: string | null;
  currency_symbol?: string | null;
  currency_sub_unit?: number | string | null;
}

const MAX_EXPONENT = 20;

function isPositiveInteger(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
}

function safeExponent(e: number): number {
  return Number.isInteger(e) && e >= 0 && e <= MAX_EXPONENT ? e : DEFAULT_CURRENCY.exponent;
}

// A broken multiplier would divide by zero; 10^exponent is the only sane guess.
function safeMultiplier(currency: Currency, exponent: number): bigint {
  return isPositiveInteger(currency.multiplier) ? BigInt(currency.multiplier) : 10n ** BigInt(exponent);
}

/**
 * Currencies written with dots between thousands and a decimal comma wherever they are shown, in
 * every language of the site: the rupiah (Rp50.000, as Indonesians and Bank Indonesia write it).
 */
const DOT_GROUPED_CURRENCIES: ReadonlySet<string> = new Set(['IDR']);

function separators(currency: Currency): { group: string; decimal: string } {
  return DOT_GROUPED_CURRENCIES.has(currency.code) ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

/** Group an unsigned digit string with thousands separators (commas unless told). */
function groupThousands(digits: string, group = ','): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** Returns the sign and the unsigned formatted amount, e.g. ['-', '1,234.56']. */
function formatParts(minor: number, currency: Currency): [sign: string, amount: string] {
  const exponent = safeExponent(currency.exponent);
  const multiplier = safeMultiplier(currency, exponent);
  // NaN/Infinity would print "NaN"; showing zero keeps the UI readable.
  const value = Number.isFinite(minor) ? minor : 0;
  // Minor units should be integers; round half away from zero if not.
  const abs = BigInt(Math.round(Math.abs(value)));

  // amount / multiplier with `exponent` decimals, rounded half away from zero.
  // Exact when multiplier = 10^exponent (the normal case).
  const numerator = abs * 10n ** BigInt(exponent);
  let scaled = numerator / multiplier;
  if ((numerator % multiplier) * 2n >= multiplier) scaled += 1n;

  const digits = scaled.toString().padStart(exponent + 1, '0');
  const intPart = exponent > 0 ? digits.slice(0, -exponent) : digits;
  const fracPart = exponent > 0 ? digits.slice(-exponent) : '';
  const { group, decimal } = separators(currency);
  const amount = groupThousands(intPart, group) + (fracPart ? `${decimal}${fracPart}` : '');
  // No "-RM0.00" when a tiny negative rounds to zero.
  const sign = value < 0 && scaled > 0n ? '-' : '';
  return [sign, amount];
}

/** `formatMoney(123456)` → "RM1,234.56"; negatives → "-RM12.50"; rupiah with dots: "Rp50.000". */
export function formatMoney(minor: number, currency: Currency = DEFAULT_CURRENCY): string {
  const [sign, amount] = formatParts(minor, currency);
  return `${sign}${currency.symbol}${amount}`;
}

/** Like formatMoney without the symbol: `formatAmount(123456)` → "1,234.56". */
export function formatAmount(minor: number, currency: Currency = DEFAULT_CURRENCY): string {
  const [sign, amount] = formatParts(minor, currency);
  return `${sign}${amount}`;
}

// Either strict comma grouping ("1,234,567") or plain digits, then optional decimals.
const AMOUNT_RE = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;
// Strict dot grouping ("1.234.567"), then optional decimals after a comma.
const DOT_GROUPED_RE = /^\d{1,3}(?:\.\d{3})+(?:,\d*)?$/;

/**
 * Major units (what a visitor types) → integer minor units.
 * "1,234.56" → 123456; an optional leading "-" and currency symbol are accepted.
 * Returns null when the input is not a number, or has more precision than the
 * currency can hold ("1.234" MYR) — silently rounding money is worse than refusing.
 */
export function toMinorUnits(major: string | number, currency: Currency = DEFAULT_CURRENCY): number | null {
  const multiplier = safeMultiplier(currency, safeExponent(currency.exponent));

  if (typeof major === 'number') {
    if (!Number.isFinite(major)) return null;
    const scaled = major * Number(multiplier);
    const rounded = Math.round(scaled);
    // Tolerate binary float noise (1234.56 * 100 = 123456.00000000001), not real extra precision.
    if (Math.abs(scaled - rounded) > 1e-6) return null;
    if (!Number.isSafeInteger(rounded)) return null;
    return rounded === 0 ? 0 : rounded;
  }

  let s = major.trim();
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1).trimStart();
  if (currency.symbol && s.startsWith(currency.symbol)) s = s.slice(currency.symbol.length).trimStart();

  // A dot-grouped currency's amount as its people type it: "50.000" is fifty thousand rupiah,
  // "1.500.000,50" has decimals after the comma. Anything else is read the common way.
  if (DOT_GROUPED_CURRENCIES.has(currency.code) && DOT_GROUPED_RE.test(s)) {
    s = s.replace(/\./g, '').replace(',', '.');
  }
  const match = AMOUNT_RE.exec(s);
  if (!match) return null;
  const intDigits = (match[1] ?? '').replace(/,/g, '');
  const fracDigits = match[2] ?? '';
  if (intDigits === '' && fracDigits === '') return null;

  const divisor = 10n ** BigInt(fracDigits.length);
  const numerator = BigInt(intDigits + fracDigits || '0') * multiplier;
  if (numerator % divisor !== 0n) return null;
  const result = numerator / divisor;
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  // BigInt has no -0, so "-0" comes back as plain 0.
  return Number(negative ? -result : result);
}

/**
 * SPEC §3: the exponent is the digit count of the sub unit minus one
 * (100 → 2, 1 → 0, 1000 → 3). A missing or broken sub unit falls back to
 * the default (100) rather than dividing by zero.
 */
export function currencyFromSubUnit(code: string, symbol: string, subUnit: number | string): Currency {
  const n = typeof subUnit === 'string' ? Number(subUnit.trim()) : subUnit;
  const multiplier = isPositiveInteger(n) ? n : DEFAULT_CURRENCY.multiplier;
  return { code, symbol, multiplier, exponent: String(multiplier).length - 1 };
}

/**
 * Builds a Currency from a settings payload in either shape
 * ({ symbol, multiplier, exponent } or { currency_code, currency_symbol, currency_sub_unit }).
 * Missing parts come from DEFAULT_CURRENCY.
 */
export function currencyFromSettings(s: CurrencySettings | null | undefined): Currency {
  if (!s) return { ...DEFAULT_CURRENCY };
  const code = s.code || s.currency_code || DEFAULT_CURRENCY.code;
  const symbol = s.symbol || s.currency_symbol || DEFAULT_CURRENCY.symbol;

  if (isPositiveInteger(s.multiplier)) {
    const exponent =
      typeof s.exponent === 'number' && Number.isInteger(s.exponent) && s.exponent >= 0 && s.exponent <= MAX_EXPONENT
        ? s.exponent
        : String(s.multiplier).length - 1;
    return { code, symbol, multiplier: s.multiplier, exponent };
  }
  if (s.currency_sub_unit != null && s.currency_sub_unit !== '') {
    return currencyFromSubUnit(code, symbol, s.currency_sub_unit);
  }
  return { code, symbol, multiplier: DEFAULT_CURRENCY.multiplier, exponent: DEFAULT_CURRENCY.exponent };
}
