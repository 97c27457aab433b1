export type { SavedChargeResult, SavedProviders } from './charge-saved.server';

export type { CreatePaymentResult } from './create-payment.server';

export type { WebhookResult } from './handle-webhook.server';
export { sandboxPaymentPath } from './paths';
export { PAY_ERROR_KEYS, PAY_ERRORS, type PayError, panelBack, payErrorOf, payPanelReturn } from './pay-panel';
export type { CounterChosenEvent, InvoicePaidEvent, InvoiceUnpaidEvent, PaymentRefundedEvent } from './payment-events';
export { type PaymentOption, type PayOption, quote, sortOptions } from './payment-options';
export type { PaymentRow } from './payment-repo.server';
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
export type { RefundReason, RefundResult, RefundRow } from './refunds.server';
export type { DeclineInput, SettleInput, SettleResult } from './settle-payment.server';
export type { StartedPayment } from './start-payment.server';
export type { VerifiedPayment } from './verify-payment.server';
export type { PendingCheck } from './verify-pending.server';
