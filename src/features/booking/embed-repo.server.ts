import type { Db } from '../../db/client.server';
import { bookingSettings } from '../../db/schema';

/** Sets the origins allowed to frame the tenant's booking embed (creating its settings row). */
export async function updateEmbedOrigins(db: Db, tenantId: string, origins: string[]): Promise<void> {
  await db
    .insert(bookingSettings)
    .values({ tenantId, embedOrigins: origins })
    .onConflictDoUpdate({ target: bookingSettings.tenantId, set: { embedOrigins: origins } });
}
