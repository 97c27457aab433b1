import { describe, expect, it } from 'vitest';
import {
  isFinalPayment,
  OPEN_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  verifyScreenStatus,
  verifyStatusOf,
} from './payment-state';

describe('the payment state machine', () => {
  it('keeps a declined attempt open: only paid, failed and cancelled are final', () => {
    expect(PAYMENT_STATUSES.filter(isFinalPayment)).toEqual(['paid', 'failed', 'cancelled']);
    expect(OPEN_PAYMENT_STATUSES).toEqual(['pending', 'declined']);
    expect(isFinalPayment('declined')).toBe(false);
  });

  it('shows a declined attempt as failed, unless the provider now sees a new attempt in flight', () => {
    expect(verifyStatusOf('declined')).toBe('failed');
    expect(verifyStatusOf('declined', 'declined')).toBe('failed');
    expect(verifyStatusOf('declined', 'pending')).toBe('pending');
    expect(verifyStatusOf('pending')).toBe('pending');
    expect(verifyStatusOf('pending', 'declined')).toBe('failed');
  });

  it('shows a final payment as stored, whatever the provider says', () => {
    expect(verifyStatusOf('paid', 'declined')).toBe('paid');
    expect(verifyStatusOf('failed', 'pending')).toBe('failed');
    expect(verifyStatusOf('cancelled')).toBe('cancelled');
  });

  it('shows paid on the result screen when the payment or the invoice is paid, else the payment, else none', () => {
    expect(verifyScreenStatus({ status: 'paid' }, 'open')).toBe('paid');
    expect(verifyScreenStatus({ status: 'pending' }, 'paid')).toBe('paid');
    expect(verifyScreenStatus(null, 'paid')).toBe('paid');
    expect(verifyScreenStatus({ status: 'failed' }, 'open')).toBe('failed');
    expect(verifyScreenStatus({ status: 'cancelled' }, 'expired')).toBe('cancelled');
    expect(verifyScreenStatus(null, 'open')).toBe('none');
  });
});
