export type { CheckoutInput } from './checkout.server';

export {
  type CheckoutLine,
  canPayNow,
  checkoutAmounts,
  coverFee,
  displayInvoiceNumber,
  displayStatus,
  grossUp,
  type InvoiceKind,
  type InvoiceLineView,
  type InvoiceStatus,
  type InvoiceView,
  invoiceLocale,
  isPayable,
  type LineSource,
  type LineSourceKind,
  lineSources,
  MAX_MINOR_AMOUNT,
  sourceIdOf,
} from './invoice';
export type { InvoicesClaimedEvent } from './invoice-events';
export { InvoiceKindInput, MinorAmount, PUBLIC_ID } from './invoice-input';
export type { InvoiceRow } from './invoice-repo.server';
export {
  invoicePath,
  invoicePaymentsApiPath,
  invoicePayPath,
  invoicePdfPath,
  invoiceStatusApiPath,
  invoicesPath,
  invoiceVerifyPath,
} from './paths';
