// Shared by the accounts integration suites: a database with the demo clinic (staff passwords
// when asked: hashing is slow) and a foundation, and a login code sent from a fresh address.
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { createTestDatabase, type TestDatabase } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { requestLoginCode } from './index.server.ts';

/**
 * The suite's database with the clinic and the foundation, made before its tests and closed after
 * them (call inside a `describe`), and a code sender on it.
 */
export function accountsSuite(kind: 'pglite' | 'postgres', options: { passwords?: boolean } = {}) {
  const suite = {
    database: undefined as unknown as TestDatabase,
    klinik: undefined as unknown as Tenant,
    yayasan: undefined as unknown as Tenant,
    get db(): Db {
      return suite.database.db;
    },
    ...codeSender((): Db => suite.database.db),
  };
  beforeAll(async () => {
    suite.database = await createTestDatabase(kind);
    suite.klinik = await aTenant(suite.db, 'klinik', { passwords: options.passwords ?? false });
    suite.yayasan = await aTenant(suite.db, 'yayasan');
  });
  afterAll(async () => {
    forgetCachedTenants();
    await suite.database?.close();
  });
  return suite;
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
