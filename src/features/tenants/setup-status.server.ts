import type { Db } from '#db/client.server.ts';
import type { MessageKey } from '#i18n/t.ts';
import { type SetupChecklist, setupChecklist } from './setup-checklist';
import type { Tenant } from './tenant';
import { setupCountsOf } from './tenant-repo.server';

/** What the tenant has set up and what not yet, from one query (the home page, the staff home). */
export async function setupStatusOf(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'kind' | 'address' | 'phone'>,
  translate: (key: MessageKey) => string,
): Promise<SetupChecklist> {
  return setupChecklist(tenant, await setupCountsOf(db, tenant.id), translate);
}
