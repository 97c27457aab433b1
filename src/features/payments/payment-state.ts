// The payment state machine (DESIGN.md §5), pure:
//
//   pending ──(attempt declined)──▶ declined ──(another attempt declined)──▶ declined
//      │                               │
//      └──────────────┬────────────────┘
//                     ▼  at most once
//        paid | failed | cancelled   (final)
//
// A declined attempt is recorded (the verify page says "Payment failed") but is not final: the
// provider's payment may still succeed on a retry, and that success settles it exactly once.

export const PAYMENT_STATUSES = ['pending', 'declined', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses a settlement may move out of. */
export const OPEN_PAYMENT_STATUSES = ['pending', 'declined'] as const satisfies readonly PaymentStatus[];
export type FinalPaymentStatus = 'paid' | 'failed' | 'cancelled';

export function isFinalPayment(status: PaymentStatus): status is FinalPaymentStatus {
  return status === 'paid' || status === 'failed' || status === 'cancelled';
}

/** What the verify page shows for a payment. */
export type VerifyStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

/**
 * The verify page's answer: a final payment as stored; an open one as the provider sees it now
 * (`live`, when it could be asked), else as last recorded. A declined attempt reads as failed (the
 * payer is offered Try again), a new attempt in flight on the same provider payment as pending.
 */
export function verifyStatusOf(stored: PaymentStatus, live?: 'pending' | 'declined' | null): VerifyStatus {
  if (isFinalPayment(stored)) return stored;
  const current = live ?? stored;
  return current === 'declined' ? 'failed' : 'pending';
}

/**
 * What the payment result screen says: paid when the payment or the invoice says so (the page
 * reads the invoice again after verifying, but either is enough), else the payment's answer, or
 * 'none' when the link names no payment. The invoice beside it then shows paid too.
 */
export function verifyScreenStatus(
  verified: { status: VerifyStatus } | null,
  invoiceStatus: string,
): VerifyStatus | 'none' {
  if (verified?.status === 'paid' || invoiceStatus === 'paid') return 'paid';
  return verified?.status ?? 'none';
}
