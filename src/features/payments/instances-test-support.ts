// The setup of suites that race calls as two app instances sharing one database see them: on
// PostgreSQL every call runs on its own pooled connection, half through a second pool.
import { afterAll, beforeAll } from 'vitest';
import { type Db, openDatabase } from '#db/client.server.ts';
import { createTestDatabase, type TestDatabase } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { aClinic } from '#features/booking/test-support.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { aStaffMemberId, aTenant } from '#features/tenants/test-support.ts';
import { aConsultationInvoice } from './test-support.ts';

/**
 * Registers the suite's hooks (call it inside `describe.each(testDatabaseKinds)`): a fresh
 * database with klinik (bare, with its demo catalogue of services and practitioners, or with the
 * whole demo for suites about demo data), the `others` organisations, and a second
 * pool on PostgreSQL. Its fields are set once `beforeAll` has run.
 */
export function klinikOnTwoInstances(
  kind: 'pglite' | 'postgres',
  options: { klinik?: 'bare' | 'catalogue' | 'demo'; others?: ('yayasan' | 'peduli')[] } = {},
) {
  const others = new Map<string, Tenant>();
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let instances: Db[] = [];
  let klinik: Tenant;
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    if (options.klinik === 'demo') {
      await seedDemo(database.db);
      forgetCachedTenants();
      klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    } else {
      klinik = options.klinik === 'catalogue' ? await aClinic(database.db) : await aTenant(database.db, 'klinik');
    }
    for (const slug of options.others ?? []) {
      const other =
        options.klinik === 'demo'
          ? await resolveTenant(database.db, `${slug}.localhost`)
          : await aTenant(database.db, slug);
      if (other) others.set(slug, other);
    }
    staffId = await aStaffMemberId(database.db, klinik.id, 'staff');
    if (database.url) second = await openDatabase({ url: database.url });
    instances = second ? [database.db, second.db] : [database.db];
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  return {
    get db(): Db {
      return database.db;
    },
    /** The second pool on PostgreSQL (another app instance); the same handle on PGlite. */
    get secondDb(): Db {
      return second?.db ?? database.db;
    },
    get klinik(): Tenant {
      return klinik;
    },
    /** One of the `others` tenants the suite asked for. */
    tenant: (slug: 'yayasan' | 'peduli') => others.get(slug) as Tenant,
    /** klinik's staff member (role staff). */
    get staffId(): string {
      return staffId;
    },
    /** The i-th caller's instance: every other one is the second pool, where there is one. */
    via: (i: number) => instances[i % instances.length] as Db,
    /** An open invoice of klinik for one consultation (RM85 unless told). */
    newInvoice: (amount = 8_500) => aConsultationInvoice(database.db, klinik, { amount }),
  };
}
