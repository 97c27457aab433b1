export { invoicesSection } from './account-section.server';
export { type CheckoutInput, newPublicId, startCheckout } from './checkout.server';
export { registerInvoiceEffects } from './effects.server';
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
export {
  addDiscountLine,
  findInvoiceRow,
  type InvoiceRow,
  lineSourcesOf,
  moveInvoiceStatus,
  setInvoiceDueAt,
  setSavesPaymentMethod,
} from './invoice-repo.server';
export { invoicePdfFilename, renderInvoicePdf } from './pdf/invoice-pdf.server';
export {
  customerInvoices,
  INVOICE_PAGE_SIZE,
  invoiceById,
  invoiceByPublicId,
  listOpenInvoices,
} from './queries.server';
