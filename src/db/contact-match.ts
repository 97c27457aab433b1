import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Rows a guest made with this phone or this e-mail (whatever its letter case): the condition, or
 * undefined when neither is given. Used to give a customer what they did before logging in.
 */
export function madeWithContact(
  columns: { phone: PgColumn; email: PgColumn },
  contact: { phone: string | null; email: string | null },
): SQL | undefined {
  const matches = [
    contact.phone ? eq(columns.phone, contact.phone) : undefined,
    contact.email ? sql`lower(${columns.email}) = ${contact.email.toLowerCase()}` : undefined,
  ].filter((condition) => condition !== undefined);
  return matches.length === 0 ? undefined : or(...matches);
}
