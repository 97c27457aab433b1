import { z } from 'zod';
import { PAYMENT_METHODS } from './provider';

/** `POST /api/invoices/{publicId}/payments`: how to pay, and whether to cover the fee. */
export const StartPaymentBody = z.object({
  method: z.enum(PAYMENT_METHODS, { message: 'invoice.methodInvalid' }),
  coverFees: z.boolean({ message: 'field.invalid' }).default(false),
});
