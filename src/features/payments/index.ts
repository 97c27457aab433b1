export { appProviders } from './app-providers.server';
export {
  chargeSavedMethod,
  type SavedChargeResult,
  type SavedProviders,
  savedMethodOfPayment,
} from './charge-saved.server';
export { markPaidAtCounter } from './counter.server';
export {
  ATTEMPTS_FREE_OF_TENANT_LIMIT,
  type CreatePaymentResult,
  createPayment,
  PAYMENT_LIMITS,
} from './create-payment.server';
export { registerPaymentEffects } from './effects.server';
export { expireInvoices, PAYMENT_IN_FLIGHT_MS } from './expire-invoices.server';
export { handleWebhook, type WebhookResult } from './handle-webhook.server';
export { paymentJobs } from './jobs.server';
export { registerPaymentTemplates } from './messages';
export { payOptionsFor } from './pay-options.server';
export { PAY_ERROR_KEYS, PAY_ERRORS, type PayError, panelBack, payErrorOf, payPanelReturn } from './pay-panel';
export type { CounterChosenEvent, InvoicePaidEvent, InvoiceUnpaidEvent, PaymentRefundedEvent } from './payment-events';
export { type PaymentOption, type PayOption, quote, sortOptions } from './payment-options';
export {
  counterPayments,
  enabledOptions,
  findPayment,
  isPaymentId,
  latestPaymentOf,
  type PaymentRow,
  setMethodsEnabled,
} from './payment-repo.server';
export {
  isFinalPayment,
  OPEN_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type VerifyStatus,
  verifyScreenStatus,
  verifyStatusOf,
} from './payment-state';
export {
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentStart,
  type ProviderName,
  type SavedMethod,
  WebhookVerificationError,
} from './provider';
export {
  methodAcceptsCurrency,
  methodAvailable,
  paymentProviders,
  SANDBOX_DECLINING_CARD,
  SANDBOX_SAVED_CARD,
} from './providers';
export {
  paidPaymentOf,
  type RefundReason,
  type RefundResult,
  type RefundRow,
  recordRefundDue,
  recordRefundsMade,
  refundDueThroughGateway,
  refundOfInvoice,
  refundPayment,
  refundsOfPayment,
  settleRefund,
} from './refunds.server';
export {
  type DeclineInput,
  recordDecline,
  type SettleInput,
  type SettleResult,
  settlePayment,
} from './settle-payment.server';
export {
  methodNeedsScript,
  retryMinutes,
  type StartedPayment,
  startInvoicePayment,
  verifyPathOf,
} from './start-payment.server';
export {
  storedPaymentState,
  type VerifiedPayment,
  VerifyQuery,
  verifyPayment,
  verifyReturn,
} from './verify-payment.server';
export {
  type PendingCheck,
  VERIFY_PENDING_AFTER_MS,
  VERIFY_PENDING_WITHIN_MS,
  verifyPendingPayments,
} from './verify-pending.server';
