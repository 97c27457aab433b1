import type { PaymentMethod } from '../provider';

/** A provider was asked for something it cannot do (FPX in rupiah); nothing was created. */
export class UnsupportedPaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedPaymentError';
  }
}

/** FPX is Malaysian online banking: ringgit only. Cards take any currency. */
export function methodAcceptsCurrency(method: PaymentMethod, currency: string): boolean {
  return method !== 'fpx' || currency.toUpperCase() === 'MYR';
}

/** Throws UnsupportedPaymentError when an online method cannot take this payment. */
export function assertOnlineMethod(provider: string, method: PaymentMethod, currency: string): void {
  if (method === 'counter') throw new UnsupportedPaymentError(`${provider} does not take counter payments`);
  if (!methodAcceptsCurrency(method, currency)) {
    throw new UnsupportedPaymentError(`FPX accepts only MYR; this payment is in ${currency.toUpperCase()}`);
  }
}
