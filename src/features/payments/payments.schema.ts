import { z } from 'zod';
import { PAYMENT_METHODS } from './provider';

/** An idempotency key as the island makes it (a UUID) or another client may: 16–64 URL-safe characters. */
export const PAYMENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** `POST /api/invoices/{publicId}/payments`: how to pay, and whether to cover the fee. */
export const StartPaymentBody = z.object({
  method: z.enum(PAYMENT_METHODS, { message: 'invoice.methodInvalid' }),
  coverFees: z.boolean({ message: 'field.invalid' }).default(false),
  /** One per attempt to pay (the island's `crypto.randomUUID()`), the same on its retries. */
  idempotencyKey: z.string().regex(PAYMENT_KEY, { message: 'field.invalid' }).optional(),
});
