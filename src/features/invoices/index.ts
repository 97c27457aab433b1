export { createInvoice, type NewInvoiceInput, type NewInvoiceLine, newPublicId } from './create-invoice.server';
export {
  canPayNow,
  coverFee,
  displayInvoiceNumber,
  displayStatus,
  grossUp,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoiceView,
  invoiceLocale,
  isPayable,
  MAX_MINOR_AMOUNT,
} from './invoice';
export { InvoiceKindInput, MinorAmount, PUBLIC_ID } from './invoice-input';
export { findInvoiceRow, type InvoiceRow, moveInvoiceStatus, setInvoiceDueAt } from './invoice-repo.server';
export { customerInvoices, INVOICE_PAGE_SIZE, invoiceByPublicId, listOpenInvoices } from './queries.server';
