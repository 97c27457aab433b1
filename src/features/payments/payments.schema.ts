import { z } from 'zod';
import { PAYMENT_METHODS } from './provider';

// Requests and answers of the payment endpoints, shared by the endpoints and the islands (which
// read the answers through apiCall, src/lib/api-client.ts).

/** `POST /api/invoices/{publicId}/payments`: how to pay, and whether to cover the fee. */
export const StartPaymentBody = z.object({
  method: z.enum(PAYMENT_METHODS, { message: 'invoice.methodInvalid' }),
  coverFees: z.boolean({ message: 'field.invalid' }).default(false),
});

const started = { paymentId: z.string(), verifyUrl: z.string() };

/** How the browser continues: to the gateway, into Stripe's form, or to the counter. */
export const PaymentStartedResponse = z.discriminatedUnion('kind', [
  z.object({ ...started, kind: z.literal('redirect'), url: z.string() }),
  z.object({ ...started, kind: z.literal('client_secret'), clientSecret: z.string(), publishableKey: z.string() }),
  z.object({ ...started, kind: z.literal('offline'), instructions: z.string().nullable() }),
]);
export type PaymentStartedResponse = z.infer<typeof PaymentStartedResponse>;

/** `GET /api/invoices/{publicId}/status`: the stored states of the invoice and the payment shown. */
export const PaymentStateResponse = z.object({ invoice: z.string(), payment: z.string().nullable() });
export type PaymentStateResponse = z.infer<typeof PaymentStateResponse>;
