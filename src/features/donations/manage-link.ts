import { createHmac, timingSafeEqual } from 'node:crypto';

// The donor's key to a plan and its receipts without logging in (issue 12): a token that names
// what it opens and carries an HMAC of it, so a changed character — another plan, another
// tenant, another purpose — opens nothing. Pure: the secret is passed in (manage-link.server.ts).

/** What a token opens: a plan's manage page, or one receipt's PDF. */
export type LinkPurpose = 'plan' | 'receipt';

const PREFIX: Record<LinkPurpose, string> = { plan: 'p', receipt: 'r' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** 16 bytes of HMAC-SHA256 in base64url: 128 bits, enough against guessing, short in an SMS. */
const MAC_LENGTH = 22;
const TOKEN = /^([pr])\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

function mac(secret: string, purpose: LinkPurpose, tenantId: string, id: string): string {
  return createHmac('sha256', secret)
    .update(`serambi.donation-link.v1\n${purpose}\n${tenantId}\n${id}`, 'utf8')
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The token for a plan (purpose `plan`) or a receipt (`receipt`) of one tenant. */
export function signLink(secret: string, purpose: LinkPurpose, tenantId: string, id: string): string {
  if (!UUID.test(id) || !UUID.test(tenantId)) throw new Error('donation links name rows by uuid');
  return `${PREFIX[purpose]}.${id}.${mac(secret, purpose, tenantId, id)}`;
}

/**
 * The row id a token opens for this tenant and purpose, or null when it does not verify (any
 * change, another tenant's or purpose's token, rubbish): the page then answers 404.
 */
export function verifyLink(secret: string, purpose: LinkPurpose, tenantId: string, token: string): string | null {
  if (typeof token !== 'string' || token.length > 80) return null;
  const match = TOKEN.exec(token);
  if (!match || match[1] !== PREFIX[purpose]) return null;
  const id = match[2] ?? '';
  const given = match[3] ?? '';
  if (!UUID.test(id) || given.length !== MAC_LENGTH) return null;
  const expected = Buffer.from(mac(secret, purpose, tenantId, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}
