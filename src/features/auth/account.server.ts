import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { type CustomerRow, findCustomer, findCustomerByContact, updateCustomer } from './auth-repo.server';
import { contactCodeKey } from './login-code';
import {
  type Channel,
  type CodeRefusal,
  checkOneTimeCode,
  type RequestCodeResult,
  sendOneTimeCode,
  verifiedContact,
} from './login-codes.server';
import type { CustomerUser } from './sessions.server';

function toUser(row: CustomerRow): CustomerUser {
  return { id: row.id, name: row.name, phone: row.phone, email: row.email };
}

/** The customer's name changes directly: it is not a way to log in. */
export async function renameAccount(
  db: Db,
  input: { tenantId: string; customerId: string; name: string; now?: Date },
): Promise<{ ok: true; customer: CustomerUser } | { ok: false; reason: 'not_found' }> {
  const row = await updateCustomer(db, input.tenantId, input.customerId, { name: input.name }, input.now ?? new Date());
  return row ? { ok: true, customer: toUser(row) } : { ok: false, reason: 'not_found' };
}

type ContactRefusal = { ok: false; reason: 'not_found' | 'unchanged' | 'taken' };

/** Whether `destination` may become this customer's phone or email (else why not). */
async function contactRefusal(
  db: Db,
  input: { tenantId: string; customerId: string; channel: Channel; destination: string },
): Promise<ContactRefusal | null> {
  const customer = await findCustomer(db, input.tenantId, input.customerId);
  if (!customer) return { ok: false, reason: 'not_found' };
  if ((input.channel === 'phone' ? customer.phone : customer.email) === input.destination) {
    return { ok: false, reason: 'unchanged' };
  }
  const holder = await findCustomerByContact(db, input.tenantId, input.channel, input.destination);
  if (holder && holder.id !== customer.id) return { ok: false, reason: 'taken' };
  return null;
}

/**
 * Step 1 of changing the phone or email a customer logs in with: prove the new one is theirs. A
 * code goes to the NEW destination (same limits and outbox as login codes, in the customer's
 * language) whether or not another customer of this organisation has it: the answer is the same
 * for a taken and a free destination, so it cannot be used to learn who is registered. Only the
 * code proves ownership, and only then does step 2 say "taken" (to the destination's own holder).
 */
export async function requestContactChange(
  db: Db,
  input: {
    tenant: Tenant;
    customerId: string;
    channel: Channel;
    destination: string;
    locale: Locale;
    ip: string;
    now?: Date;
  },
): Promise<RequestCodeResult | { ok: false; reason: 'not_found' | 'unchanged' }> {
  const customer = await findCustomer(db, input.tenant.id, input.customerId);
  if (!customer) return { ok: false, reason: 'not_found' };
  // Their own phone or email: nothing to prove, and nothing learnt about anyone else.
  if ((input.channel === 'phone' ? customer.phone : customer.email) === input.destination) {
    return { ok: false, reason: 'unchanged' };
  }
  return sendOneTimeCode(db, {
    ...input,
    codeKey: contactCodeKey(input.customerId, input.destination),
    template: 'contact-code',
  });
}

export type ContactChangeResult = { ok: true; customer: CustomerUser } | CodeRefusal | ContactRefusal;

/** Step 2: the code sent to the new destination makes it the customer's phone or email. */
export async function confirmContactChange(
  db: Db,
  input: { tenant: Tenant; customerId: string; channel: Channel; destination: string; code: string; now?: Date },
): Promise<ContactChangeResult> {
  const now = input.now ?? new Date();
  const tenantId = input.tenant.id;
  // The code first: without one, nobody learns here whether the destination is someone's.
  const checked = await checkOneTimeCode(db, {
    tenantId,
    channel: input.channel,
    codeKey: contactCodeKey(input.customerId, input.destination),
    code: input.code,
    now,
  });
  if (!checked.ok) return checked;
  // Taken (or already ours) since the code was sent?
  const refusal = await contactRefusal(db, { ...input, tenantId });
  if (refusal) return refusal;
  try {
    const change = input.channel === 'phone' ? { phone: input.destination } : { email: input.destination };
    let afterCommit: AfterCommit[] = [];
    const row = await db.transaction(async (tx) => {
      const updated = await updateCustomer(tx, tenantId, input.customerId, change, now);
      if (updated)
        afterCommit = await events.emit(tx, 'customer.verified', verifiedContact(tenantId, updated.id, change));
      return updated;
    });
    await runAfterCommit(afterCommit, (error) =>
      log.warn('after-contact-change effect failed', { error: String(error) }),
    );
    return row ? { ok: true, customer: toUser(row) } : { ok: false, reason: 'not_found' };
  } catch (error) {
    // Another customer took it between the check and the update.
    if (isUniqueViolation(error) !== null) return { ok: false, reason: 'taken' };
    throw error;
  }
}
