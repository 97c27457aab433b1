import type { Db } from '#db/client.server.ts';
import {
  deleteExpiredAuthRows,
  deleteSession,
  findCustomer,
  findSession,
  findStaff,
  insertSession,
} from './auth-repo.server';
import type { StaffRole } from './roles';
import { newToken, sha256 } from './tokens.server';

export const CUSTOMER_COOKIE = 'serambi_session';
export const STAFF_COOKIE = 'serambi_staff';
export const CUSTOMER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

export type SessionKind = 'customer' | 'staff';

export interface CustomerUser {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
}

export interface StaffUser {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

/**
 * Starts a session (a fresh token every login: any token the browser had is dropped, so a
 * session fixed before login is useless). Returns the token for the cookie and its expiry.
 */
export async function startSession(
  db: Db,
  input: { tenantId: string; kind: SessionKind; subjectId: string; previousToken?: string | undefined; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  if (input.previousToken) await deleteSession(db, input.tenantId, sha256(input.previousToken));
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (input.kind === 'customer' ? CUSTOMER_SESSION_MS : STAFF_SESSION_MS));
  await insertSession(db, {
    tokenHash: sha256(token),
    tenantId: input.tenantId,
    kind: input.kind,
    subjectId: input.subjectId,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function endSession(db: Db, tenantId: string, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, tenantId, sha256(token));
}

/** The customer of a session token, or null (unknown, expired, another tenant's). */
export async function customerForToken(
  db: Db,
  tenantId: string,
  token: string | undefined,
  now = new Date(),
): Promise<CustomerUser | null> {
  if (!token) return null;
  const session = await findSession(db, tenantId, sha256(token), 'customer', now);
  if (!session) return null;
  const customer = await findCustomer(db, tenantId, session.subjectId);
  return customer ? { id: customer.id, name: customer.name, phone: customer.phone, email: customer.email } : null;
}

/** The staff member of a session token, or null (also when disabled since). */
export async function staffForToken(
  db: Db,
  tenantId: string,
  token: string | undefined,
  now = new Date(),
): Promise<StaffUser | null> {
  if (!token) return null;
  const session = await findSession(db, tenantId, sha256(token), 'staff', now);
  if (!session) return null;
  const member = await findStaff(db, tenantId, session.subjectId);
  if (!member || member.disabledAt) return null;
  return { id: member.id, name: member.name, email: member.email, role: member.role };
}

/** How long an expired login code is kept, so a late guess hears "expired" rather than "request a code". */
export const EXPIRED_CODE_KEPT_MS = 24 * 60 * 60 * 1000;

/** Deletes ended sessions and long-expired login codes (run periodically by the background work). */
export function sweepExpiredAuth(db: Db, now = new Date()): Promise<{ sessions: number; codes: number }> {
  return deleteExpiredAuthRows(db, now, EXPIRED_CODE_KEPT_MS);
}
