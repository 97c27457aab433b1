import { isLocale, type Locale, type LocalizedText } from '#i18n/locales.ts';
import type { Currency } from '#lib/money.ts';

export type InvoiceKind = 'appointment' | 'donation';

/** What an invoice line pays for; a `reward` line is a discount (its amount is negative). */
export type LineSourceKind = 'booking' | 'donation' | 'reward' | 'fundraiser_gift';
export interface LineSource {
  kind: LineSourceKind;
  id: string;
}

export interface InvoiceLineView {
  description: Partial<LocalizedText>;
  quantity: number;
  unitAmount: number;
  amount: number;
  source: LineSource | null;
}
export type InvoiceStatus = 'open' | 'paid' | 'failed' | 'expired' | 'void';

/** What pages, the PDF and providers see of an invoice. Money in minor units. */
export interface InvoiceView {
  id: string;
  publicId: string;
  number: number;
  /** "INV-000042" */
  displayNumber: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  currency: Currency;
  subtotal: number;
  fee: number;
  total: number;
  lines: InvoiceLineView[];
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  customerId: string | null;
  locale: string;
  dueAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  /** A card that pays it is saved for later off-session charges (a recurring donation). */
  savesPaymentMethod?: boolean;
}

/**
 * The largest amount (a line, an invoice, a payment) in minor units: 10^12 — RM10 billion, or
 * Rp1 trillion in rupiah (kept in whole units). Far above any real invoice, far below where
 * integers stop being exact (2^53), so a gross-up or a sum can never lose a sen.
 */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000;

/** The id of the first thing of a kind that an invoice's lines pay for (its booking, its donation). */
export function sourceIdOf(sources: readonly (LineSource | null)[], kind: LineSourceKind): string | null {
  return sources.find((source) => source?.kind === kind)?.id ?? null;
}

/** What each line of an invoice pays for, in line order. */
export function lineSources(invoice: { lines: readonly { source: LineSource | null }[] }): (LineSource | null)[] {
  return invoice.lines.map((line) => line.source);
}

export interface CheckoutLine {
  description: Partial<LocalizedText>;
  quantity: number;
  /** Minor units, never negative: a discount says so with `discount`, and is subtracted. */
  unitAmount: number;
  source?: LineSource | null;
  /** A discount (a loyalty reward): subtracted, and cut down so the total never goes below zero. */
  discount?: boolean;
}

/**
 * The stored amounts of a checkout's lines and its subtotal: charges add up; discounts subtract,
 * each cut to what is left so an invoice's total is never below zero (a reward worth RM50 on a
 * RM30 visit takes RM30 off, no more). Throws RangeError on amounts that are not whole,
 * non-negative minor units, on a checkout with no charge, or on a subtotal over the maximum.
 */
export function checkoutAmounts(lines: readonly CheckoutLine[]): { amounts: number[]; subtotal: number } {
  if (!lines.some((line) => !line.discount)) throw new RangeError('a checkout needs at least one charge');
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitAmount) || line.unitAmount < 0)
      throw new RangeError('line amounts are non-negative integers');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('line quantities are positive integers');
  }
  const charges = lines.reduce((sum, line) => (line.discount ? sum : sum + line.unitAmount * line.quantity), 0);
  if (charges > MAX_MINOR_AMOUNT) throw new RangeError(`an invoice total is at most ${MAX_MINOR_AMOUNT} minor units`);
  let left = charges;
  const amounts = lines.map((line) => {
    if (!line.discount) return line.unitAmount * line.quantity;
    const taken = Math.min(line.unitAmount * line.quantity, left);
    left -= taken;
    return -taken;
  });
  return { amounts, subtotal: left };
}

export function displayInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/**
 * The language an invoice speaks (its PDF, its receipt): the one it was created in, whatever URL
 * it is fetched from; `fallback` only for a row whose stored locale is not one of ours.
 */
export function invoiceLocale(invoice: { locale: string }, fallback: Locale): Locale {
  return isLocale(invoice.locale) ? invoice.locale : fallback;
}

/** Invoices that can still be paid. "failed" means the last attempt failed: try again. */
export function isPayable(status: InvoiceStatus): boolean {
  return status === 'open' || status === 'failed';
}

/**
 * Whether a payer may start paying now: a payable status and not past its due time (the sweep
 * marks such invoices expired within a minute; this closes that minute). A payment started before
 * the due time still settles the invoice whenever its money arrives.
 */
export function canPayNow(invoice: { status: InvoiceStatus; dueAt: Date | null }, now: Date = new Date()): boolean {
  return isPayable(invoice.status) && !(invoice.dueAt && invoice.dueAt.getTime() <= now.getTime());
}

/**
 * The status a payer should read: an open or failed invoice past its due time already is expired,
 * in the minute before the sweep records it.
 */
export function displayStatus(
  invoice: { status: InvoiceStatus; dueAt: Date | null },
  now: Date = new Date(),
): InvoiceStatus {
  return isPayable(invoice.status) && !canPayNow(invoice, now) ? 'expired' : invoice.status;
}

/**
 * Cover-the-fees gross-up (DESIGN.md §5): gross = ceil((amount + fixed) / (1 − rate)), with the
 * rate in basis points and integer arithmetic only, so the organisation nets at least `amount`.
 */
export function grossUp(amount: number, fee: { fixed: number; rateBp: number }): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer');
  if (fee.rateBp < 0 || fee.rateBp >= 10_000) throw new RangeError('rate must be in [0, 10000) basis points');
  const numerator = (amount + fee.fixed) * 10_000;
  const denominator = 10_000 - fee.rateBp;
  return Math.ceil(numerator / denominator) === numerator / denominator
    ? numerator / denominator
    : Math.floor(numerator / denominator) + 1;
}

/** The fee a payer adds by covering it (0 when they do not). */
export function coverFee(amount: number, fee: { fixed: number; rateBp: number }, cover: boolean): number {
  return cover ? grossUp(amount, fee) - amount : 0;
}
