// The one e-mail rule, for islands and server alike: what a browser lets through, the server
// accepts, and the other way round. The pattern is zod's own (`z.email()`, kept in step by
// email.test.ts) so the browser need not ship zod; 254 characters is RFC 5321's limit.

export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether `value`, once trimmed, is an e-mail address we accept. */
export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The stored form of an e-mail address: trimmed, lower-cased (one person, one address). */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
