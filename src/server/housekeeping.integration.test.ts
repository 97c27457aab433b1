import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, rateLimits, sessions } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { authJobs } from '#features/auth/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { hitRateLimit, rateLimitJobs } from './rate-limit.server';

/** The housekeeping jobs' runs at one moment, their counts together. */
async function runHousekeeping(db: TestDatabase['db'], now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const job of [...authJobs, ...rateLimitJobs]) Object.assign(counts, await job.run({ db, now }));
  return counts;
}

describe.each(testDatabaseKinds)('housekeeping jobs on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('deletes expired sessions, long-expired codes and old rate-limit windows, and nothing else', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
    const session = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      tenantId: klinik.id,
      kind: 'customer' as const,
      subjectId: randomUUID(),
      expiresAt,
    });
    await database.db.insert(sessions).values([session('ended', hours(-1)), session('alive', hours(1))]);
    const code = (destination: string, expiresAt: Date) => ({
      tenantId: klinik.id,
      channel: 'phone' as const,
      destination,
      codeHash: 'x',
      expiresAt,
    });
    await database.db
      .insert(loginCodes)
      .values([code('60120000001', hours(-48)), code('60120000002', hours(-1)), code('60120000003', hours(1))]);
    await hitRateLimit(database.db, 'old', { limit: 1, windowMs: 60_000 }, hours(-25));
    await hitRateLimit(database.db, 'recent', { limit: 1, windowMs: 60_000 }, hours(-1));

    expect(await runHousekeeping(database.db, now)).toEqual({ sessions: 1, codes: 1, rateLimits: 1 });
    expect((await database.db.select().from(sessions)).map((s) => s.tokenHash)).toEqual(['alive']);
    // A code expired an hour ago stays a while, so a late guess still hears "expired".
    expect((await database.db.select().from(loginCodes)).map((c) => c.destination).sort()).toEqual([
      '60120000002',
      '60120000003',
    ]);
    expect((await database.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['recent']);
    // Nothing left to do the second time.
    expect(await runHousekeeping(database.db, now)).toEqual({ sessions: 0, codes: 0, rateLimits: 0 });
  });
});
