// Answers of the payment endpoints, shared by the endpoints (which build them: `satisfies`) and
// the islands (which check them through apiCall, src/lib/api-client.ts). zod/mini: islands ship it.
import * as z from 'zod/mini';

// One object with optional parts rather than a discriminated union: a union's code would ship on
// every island page (see auth-api.schema.ts). Which parts come with which kind:
//   redirect       url
//   client_secret  clientSecret, publishableKey
//   offline        instructions (null when the tenant wrote none)

/** `POST /api/invoices/{publicId}/payments`: to the gateway, into Stripe's form, or to the counter. */
export const PaymentStartedResponse = z.object({
  paymentId: z.string(),
  verifyUrl: z.string(),
  kind: z.enum(['redirect', 'client_secret', 'offline']),
  url: z.optional(z.string()),
  clientSecret: z.optional(z.string()),
  publishableKey: z.optional(z.string()),
  instructions: z.optional(z.nullable(z.string())),
});
export type PaymentStartedResponse = z.infer<typeof PaymentStartedResponse>;

/** `GET /api/invoices/{publicId}/status`: the stored states of the invoice and the payment shown. */
export const PaymentStateResponse = z.object({ invoice: z.string(), payment: z.nullable(z.string()) });
export type PaymentStateResponse = z.infer<typeof PaymentStateResponse>;
