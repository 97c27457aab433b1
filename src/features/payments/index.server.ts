// The server door of features/payments: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { appProviders } from './app-providers.server';
export { chargeSavedMethod, savedMethodOfPayment } from './charge-saved.server';
export { markPaidAtCounter } from './counter.server';
export { ATTEMPTS_FREE_OF_TENANT_LIMIT, createPayment, PAYMENT_LIMITS } from './create-payment.server';
export { registerPaymentEffects } from './effects.server';
export { expireInvoices, PAYMENT_IN_FLIGHT_MS } from './expire-invoices.server';
export { handleWebhook } from './handle-webhook.server';
export * from './index.ts';
export { paymentJobs } from './jobs.server';
export { registerPaymentTemplates } from './messages';
export { payOptionsFor } from './pay-options.server';
export {
  counterPayments,
  enabledOptions,
  findPayment,
  isPaymentId,
  latestPaymentOf,
  setMethodsEnabled,
} from './payment-repo.server';
export {
  methodAcceptsCurrency,
  methodAvailable,
  paymentProviders,
  SANDBOX_DECLINING_CARD,
  SANDBOX_SAVED_CARD,
} from './providers';
export { paidPaymentOf, refundOfInvoice, refundsOfPayment } from './refund-repo.server';
export {
  recordRefundDue,
  recordRefundsMade,
  refundDueThroughGateway,
  refundPayment,
  settleRefund,
} from './refunds.server';
export { recordDecline, settlePayment } from './settle-payment.server';
export { methodNeedsScript, retryMinutes, startInvoicePayment, verifyPathOf } from './start-payment.server';
export { loadVerifyPage, type VerifyPage } from './verify-page.server';
export { storedPaymentState, VerifyQuery, verifyPayment, verifyReturn } from './verify-payment.server';
export { VERIFY_PENDING_AFTER_MS, VERIFY_PENDING_WITHIN_MS, verifyPendingPayments } from './verify-pending.server';
