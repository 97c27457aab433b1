// Answers of the code endpoints, shared by the endpoints (which build them: `satisfies`) and the
// islands (which check them through apiCall, src/lib/api-client.ts). zod/mini: islands ship it,
// and it weighs a fifth of zod's full build. Islands' schemas keep to object, array, string,
// boolean, enum, optional and nullable: every other kind adds to every island page's JavaScript.
import * as z from 'zod/mini';

/** `POST /api/auth/code` and `/api/account/contact/code`: where the code went, what to say. */
export const CodeSentResponse = z.object({
  ok: z.boolean(),
  channel: z.enum(['phone', 'email']),
  destination: z.string(),
  message: z.string(),
  /** Offline development only: the code itself, shown on the page. */
  devCode: z.optional(z.string()),
});
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

/** `POST /api/auth/verify`: logged in; where to go now. */
export const LoggedInResponse = z.object({ ok: z.boolean(), redirect: z.string() });
export type LoggedInResponse = z.infer<typeof LoggedInResponse>;

/** `POST /api/account/contact/verify`: the account's new phone or email. */
export const ContactChangedResponse = z.object({
  ok: z.boolean(),
  channel: z.enum(['phone', 'email']),
  value: z.nullable(z.string()),
  shown: z.string(),
  message: z.string(),
});
export type ContactChangedResponse = z.infer<typeof ContactChangedResponse>;
