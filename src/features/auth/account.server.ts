import type { Db } from '../../db/client.server';
import { isUniqueViolation } from '../../db/errors';
import { findCustomer, updateCustomer } from './auth-repo.server';
import type { CustomerUser } from './sessions.server';

export type UpdateAccountResult =
  | { ok: true; customer: CustomerUser }
  | { ok: false; reason: 'not_found' | 'email_taken' | 'phone_taken' | 'contact_required' };

/** Edits the customer's own name, email and phone; one way to log in must remain. */
export async function updateAccount(
  db: Db,
  input: { tenantId: string; customerId: string; name: string; email: string | null; phone: string | null; now?: Date },
): Promise<UpdateAccountResult> {
  if (!input.email && !input.phone) return { ok: false, reason: 'contact_required' };
  const existing = await findCustomer(db, input.tenantId, input.customerId);
  if (!existing) return { ok: false, reason: 'not_found' };
  try {
    const row = await updateCustomer(
      db,
      input.tenantId,
      input.customerId,
      { name: input.name, email: input.email, phone: input.phone },
      input.now ?? new Date(),
    );
    if (!row) return { ok: false, reason: 'not_found' };
    return { ok: true, customer: { id: row.id, name: row.name, phone: row.phone, email: row.email } };
  } catch (error) {
    const constraint = isUniqueViolation(error);
    if (constraint?.includes('email')) return { ok: false, reason: 'email_taken' };
    if (constraint?.includes('phone')) return { ok: false, reason: 'phone_taken' };
    throw error;
  }
}
