import { coverFee } from '#features/invoices/invoice.ts';
import type { PaymentMethod } from './provider';

/** A method the tenant offers, with the fee a payer adds by covering it. */
export interface PaymentOption {
  method: PaymentMethod;
  feeFixed: number;
  feeRateBp: number;
  /** Counter instructions in the visitor's language (counter only). */
  instructions: string | null;
}

/** An option as the payment panel shows it: the method and what covering its fee adds (0 for the counter). */
export interface PayOption {
  method: PaymentMethod;
  /** The fee this method adds when the payer covers it (0 for the counter). */
  coverFee: number;
  /** Paying this way needs JavaScript in the browser (Stripe's card form); the panel says so without. */
  needsScript?: boolean;
}

/** Display order of SPEC.md §4: credit/debit card, online banking, pay at counter. */
const ORDER: PaymentMethod[] = ['card', 'fpx', 'counter'];

export function sortOptions(options: PaymentOption[]): PaymentOption[] {
  return [...options].sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
}

/** The amounts a payer sees for one option: fee added only when they cover it. */
export function quote(subtotal: number, option: PaymentOption, coverFees: boolean): { fee: number; total: number } {
  // Counter payments carry no gateway fee to cover.
  const fee =
    option.method === 'counter'
      ? 0
      : coverFee(subtotal, { fixed: option.feeFixed, rateBp: option.feeRateBp }, coverFees);
  return { fee, total: subtotal + fee };
}
