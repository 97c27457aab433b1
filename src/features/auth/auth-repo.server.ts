import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { findTenantRow, firstTenantRow, ofTenant, updateTenantRow } from '#db/rows.server.ts';
import { customers, loginCodes, sessions, staff } from '#db/schema/index.ts';
import { MAX_CODE_ATTEMPTS } from './login-code';

// The only drizzle user of the auth feature; every query is scoped by tenant.

export type CustomerRow = typeof customers.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type LoginCodeRow = typeof loginCodes.$inferSelect;

export async function insertLoginCode(
  db: Db,
  row: {
    id: string;
    tenantId: string;
    channel: 'phone' | 'email';
    destination: string;
    codeHash: string;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  // Only the newest code for a destination works: older ones are retired.
  await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(
      ofTenant(
        loginCodes,
        row.tenantId,
        eq(loginCodes.channel, row.channel),
        eq(loginCodes.destination, row.destination),
        isNull(loginCodes.consumedAt),
      ),
    );
  await db.insert(loginCodes).values(row);
}

export async function latestLoginCode(
  db: Db,
  tenantId: string,
  channel: 'phone' | 'email',
  destination: string,
): Promise<LoginCodeRow | null> {
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(
      and(eq(loginCodes.tenantId, tenantId), eq(loginCodes.channel, channel), eq(loginCodes.destination, destination)),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong guess; returns the attempts now used, or null if the code was already burnt. */
export async function countWrongGuess(db: Db, tenantId: string, codeId: string): Promise<number | null> {
  const [row] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(
      and(eq(loginCodes.tenantId, tenantId), eq(loginCodes.id, codeId), lt(loginCodes.attempts, MAX_CODE_ATTEMPTS)),
    )
    .returning({ attempts: loginCodes.attempts });
  return row?.attempts ?? null;
}

/** Marks a code used, at most once, and only while it is still usable. */
export async function consumeLoginCode(db: Db, tenantId: string, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(
      ofTenant(
        loginCodes,
        tenantId,
        eq(loginCodes.id, codeId),
        isNull(loginCodes.consumedAt),
        lt(loginCodes.attempts, MAX_CODE_ATTEMPTS),
        gt(loginCodes.expiresAt, now),
      ),
    )
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

export async function findOrCreateCustomer(
  db: Db,
  tenantId: string,
  contact: { phone: string } | { email: string },
  locale: string,
): Promise<CustomerRow> {
  const column = 'phone' in contact ? customers.phone : customers.email;
  const value = 'phone' in contact ? contact.phone : contact.email;
  await db
    .insert(customers)
    .values({ tenantId, locale, ...contact })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(customers)
    .where(ofTenant(customers, tenantId, eq(column, value)));
  if (!row) throw new Error('customer could not be created');
  return row;
}

export async function findCustomer(db: Db, tenantId: string, id: string): Promise<CustomerRow | null> {
  return findTenantRow(db, customers, tenantId, id);
}

/** The customer of this tenant who logs in with this phone or email, if any. */
export async function findCustomerByContact(
  db: Db,
  tenantId: string,
  channel: 'phone' | 'email',
  value: string,
): Promise<CustomerRow | null> {
  const column = channel === 'phone' ? customers.phone : customers.email;
  return firstTenantRow(db, customers, tenantId, eq(column, value));
}

export async function updateCustomer(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<{ name: string; email: string; phone: string }>,
  now: Date,
): Promise<CustomerRow | null> {
  return updateTenantRow(db, customers, tenantId, id, { ...changes, updatedAt: now });
}

export async function insertSession(
  db: Db,
  row: { tokenHash: string; tenantId: string; kind: 'customer' | 'staff'; subjectId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Db, tenantId: string, tokenHash: string, kind: 'customer' | 'staff', now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      ofTenant(
        sessions,
        tenantId,
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, kind),
        gt(sessions.expiresAt, now),
      ),
    );
  return row ?? null;
}

export async function deleteSession(db: Db, tenantId: string, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(ofTenant(sessions, tenantId, eq(sessions.tokenHash, tokenHash)));
}

export async function deleteSessionsOf(db: Db, tenantId: string, kind: 'customer' | 'staff', subjectId: string) {
  await db
    .delete(sessions)
    .where(ofTenant(sessions, tenantId, eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)));
}

export async function findStaffByEmail(db: Db, tenantId: string, email: string): Promise<StaffRow | null> {
  return firstTenantRow(db, staff, tenantId, eq(staff.email, email));
}

export async function findStaff(db: Db, tenantId: string, id: string): Promise<StaffRow | null> {
  return findTenantRow(db, staff, tenantId, id);
}

export async function findStaffByInvite(
  db: Db,
  tenantId: string,
  tokenHash: string,
  now: Date,
): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staff)
    .where(
      ofTenant(
        staff,
        tenantId,
        eq(staff.inviteTokenHash, tokenHash),
        gt(staff.inviteExpiresAt, now),
        isNull(staff.disabledAt),
      ),
    );
  return row ?? null;
}

export async function listStaff(db: Db, tenantId: string): Promise<StaffRow[]> {
  return db.select().from(staff).where(ofTenant(staff, tenantId)).orderBy(staff.createdAt);
}

export async function insertStaff(db: Db, row: typeof staff.$inferInsert): Promise<StaffRow | null> {
  const [created] = await db.insert(staff).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateStaff(db: Db, tenantId: string, id: string, changes: Partial<typeof staff.$inferInsert>) {
  return updateTenantRow(db, staff, tenantId, id, changes);
}

export async function countActiveOwners(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(ofTenant(staff, tenantId, eq(staff.role, 'owner'), isNull(staff.disabledAt)));
  return Number(row?.n ?? 0);
}

/**
 * Housekeeping across every tenant (a sweep, not a lookup): sessions past their expiry, and login
 * codes expired more than `codeGraceMs` ago (until then a late guess still hears "expired").
 */
export async function deleteExpiredAuthRows(
  db: Db,
  now: Date,
  codeGraceMs: number,
): Promise<{ sessions: number; codes: number }> {
  const endedSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  const oldCodes = await db
    .delete(loginCodes)
    .where(lt(loginCodes.expiresAt, new Date(now.getTime() - codeGraceMs)))
    .returning({ id: loginCodes.id });
  return { sessions: endedSessions.length, codes: oldCodes.length };
}
