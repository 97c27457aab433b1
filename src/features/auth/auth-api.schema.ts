// Answers of the code endpoints, shared by the endpoints (which build them: `satisfies`) and the
// islands (which check them through apiCall, src/lib/api-client.ts), with lib/answer-checks: the
// login page no longer ships zod/mini (issue 25).
import { answer, isBoolean, isString, nullable, oneOf, optional, type ShapeOf, shape } from '#lib/answer-checks.ts';

const CHANNEL = oneOf('phone', 'email');

const codeSent = {
  ok: isBoolean,
  channel: CHANNEL,
  destination: isString,
  message: isString,
  /** Offline development only: the code itself, shown on the page. */
  devCode: optional(isString),
};
/** `POST /api/auth/code` and `/api/account/contact/code`: where the code went, what to say. */
export const CodeSentResponse = answer(shape(codeSent));
export type CodeSentResponse = ShapeOf<typeof codeSent>;

const loggedIn = { ok: isBoolean, redirect: isString };
/** `POST /api/auth/verify`: logged in; where to go now. */
export const LoggedInResponse = answer(shape(loggedIn));
export type LoggedInResponse = ShapeOf<typeof loggedIn>;

const contactChanged = {
  ok: isBoolean,
  channel: CHANNEL,
  value: nullable(isString),
  shown: isString,
  message: isString,
};
/** `POST /api/account/contact/verify`: the account's new phone or email. */
export const ContactChangedResponse = answer(shape(contactChanged));
export type ContactChangedResponse = ShapeOf<typeof contactChanged>;
