import { isLocale, type Locale, type LocalizedText } from '../../i18n/locales';
import type { Currency } from '../../lib/money';

export type InvoiceKind = 'appointment' | 'donation';
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
  lines: { description: Partial<LocalizedText>; quantity: number; unitAmount: number; amount: number }[];
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  customerId: string | null;
  locale: string;
  /** What the invoice is for (a booking or donation id). */
  referenceId: string | null;
  dueAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
}

/**
 * The largest amount (a line, an invoice, a payment) in minor units: 10^12 — RM10 billion, or
 * Rp1 trillion in rupiah (kept in whole units). Far above any real invoice, far below where
 * integers stop being exact (2^53), so a gross-up or a sum can never lose a sen.
 */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000;

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
