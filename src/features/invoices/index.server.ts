// The server door of features/invoices: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { invoicesSection } from './account-section.server';
export { newPublicId, startCheckout, startCheckoutIn } from './checkout.server';
export { registerInvoiceEffects } from './effects.server';
export * from './index.ts';
export {
  addDiscountLine,
  findInvoiceRow,
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
