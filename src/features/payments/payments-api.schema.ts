// Answers of the payment endpoints, shared by the endpoints (which build them: `satisfies`) and
// the islands (which check them through apiCall, src/lib/api-client.ts). zod/mini: islands ship it.
import * as z from 'zod/mini';

const started = { paymentId: z.string(), verifyUrl: z.string() };

/** `POST /api/invoices/{publicId}/payments`: to the gateway, into Stripe's form, or to the counter. */
export const PaymentStartedResponse = z.discriminatedUnion('kind', [
  z.object({ ...started, kind: z.literal('redirect'), url: z.string() }),
  z.object({ ...started, kind: z.literal('client_secret'), clientSecret: z.string(), publishableKey: z.string() }),
  z.object({ ...started, kind: z.literal('offline'), instructions: z.nullable(z.string()) }),
]);
export type PaymentStartedResponse = z.infer<typeof PaymentStartedResponse>;

/** `GET /api/invoices/{publicId}/status`: the stored states of the invoice and the payment shown. */
export const PaymentStateResponse = z.object({ invoice: z.string(), payment: z.nullable(z.string()) });
export type PaymentStateResponse = z.infer<typeof PaymentStateResponse>;
