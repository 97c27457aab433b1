// Shared by the accounts integration suites: a database with the demo clinic (staff passwords
// when asked: hashing is slow) and a foundation, and a login code sent from a fresh address.
import type { Db } from '#db/client.server.ts';
import { createTestDatabase } from '#db/test-databases.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { requestLoginCode } from './index.server.ts';

export async function accountsDatabase(kind: 'pglite' | 'postgres', options: { passwords?: boolean } = {}) {
  const database = await createTestDatabase(kind);
  const klinik = await aTenant(database.db, 'klinik', { passwords: options.passwords ?? false });
  const yayasan = await aTenant(database.db, 'yayasan');
  return { database, klinik, yayasan };
}

/** `ip()` gives each request an address of its own; `sendCode` asks for a login code by phone, in Malay. */
export function codeSender(db: () => Db) {
  let ipCounter = 0;
  const ip = () => `10.1.0.${++ipCounter}`;
  async function sendCode(tenant: Tenant, destination: string, now?: Date) {
    const sent = await requestLoginCode(db(), {
      tenant,
      channel: 'phone',
      destination,
      locale: 'ms',
      ip: ip(),
      ...(now ? { now } : {}),
    });
    if (!sent.ok) throw new Error('rate limited');
    return sent.code;
  }
  return { ip, sendCode };
}
