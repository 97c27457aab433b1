// Small text helpers the donation islands share. `fill` is i18n's `interpolate` without the
// catalogues: an island must not ship them (the JS budgets).
import type { Currency } from '#lib/money.ts';

/** Fills `{name}` placeholders. */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Minor units as the amount a person types: "50.00" (MYR), "50000" (IDR). */
export function amountAsTyped(minor: number, currency: Currency): string {
  return currency.exponent > 0 ? (minor / currency.multiplier).toFixed(currency.exponent) : String(minor);
}
