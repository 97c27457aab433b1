import type { Db } from '../../db/client.server';
import { payments } from '../../db/schema';

/** Tests only: a pending payment for an invoice, to settle without a provider. */
export async function insertPaymentForTest(db: Db, tenantId: string, invoiceId: string): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({ tenantId, invoiceId, provider: 'counter', method: 'counter', amount: 1, fee: 0 })
    .returning();
  if (!row) throw new Error('payment not created');
  return row.id;
}
