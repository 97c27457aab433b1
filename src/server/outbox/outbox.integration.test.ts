import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAppTemplates } from '#app.server';
import { outbox, rateLimits, tenants } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import {
  deliverDueMessages,
  enqueueMessage,
  kickOutbox,
  MAX_ATTEMPTS,
  type OutgoingMessage,
  permanentFailure,
  startOutboxWorker,
  type Transport,
  templates,
} from '.';
import { DESTINATION_CAPS } from './destination-cap.server';
import { claimDueRows, markRowSent } from './outbox-repo.server';

// The app's templates, as the composition root registers them on the process's registry.
registerAppTemplates(templates);

/** Records what it is asked to send; optionally fails the way the test wants. */
function recordingTransport(fail?: () => Error): Transport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    name: 'recording',
    sent,
    async send(message) {
      // A little wait lets concurrent workers interleave.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      if (fail) throw fail();
      sent.push(message);
    },
  };
}

const loginCode = (tenantId: string, destination = '60123456789') =>
  ({
    tenantId,
    channel: 'sms',
    destination,
    locale: 'ms',
    template: 'login-code',
    payload: { code: '123456', organisation: 'Klinik Sihat Bersama', minutes: 10 },
  }) as const;

const invite = (tenantId: string) =>
  ({
    tenantId,
    channel: 'email',
    destination: 'aisyah@example.com',
    locale: 'en',
    template: 'staff-invite',
    payload: { organisation: 'Klinik Sihat Bersama', name: 'Aisyah', link: 'https://kliniksihat.my/i/abc', hours: 48 },
  }) as const;

const seconds = (from: Date, s: number) => new Date(from.getTime() + s * 1000);
/** For rows written past enqueueMessage: the database's now() may be a fraction of a millisecond ahead of ours. */
const aSecondAgo = () => seconds(new Date(), -1);

describe.each(testDatabaseKinds)('outbox on %s', (kind) => {
  let database: TestDatabase;
  let tenantId: string;
  let otherTenantId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await aTenant(database.db, 'klinik');
    await aTenant(database.db, 'yayasan');
    const [tenant, second] = await database.db.select({ id: tenants.id }).from(tenants).limit(2);
    if (!tenant || !second) throw new Error('no demo tenants');
    tenantId = tenant.id;
    otherTenantId = second.id;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    // The worker logs every message; keep the test output readable.
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await database.db.delete(outbox);
    await database.db.delete(rateLimits);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const rows = () => database.db.select().from(outbox);

  it('never sends a message whose transaction rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMessage(tx, loginCode(tenantId));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const sms = recordingTransport();
    expect(await deliverDueMessages(database.db, { transports: { sms } })).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(sms.sent).toHaveLength(0);
    expect(await rows()).toHaveLength(0);
  });

  it('sends a committed message once, rendered in the customer language', async () => {
    const { id } = await database.db.transaction((tx) => enqueueMessage(tx, loginCode(tenantId)));
    const sms = recordingTransport();
    const now = new Date();

    expect(await deliverDueMessages(database.db, { now, transports: { sms } })).toEqual({
      sent: 1,
      failed: 0,
      retried: 0,
    });
    expect(await deliverDueMessages(database.db, { now: seconds(now, 60), transports: { sms } })).toEqual({
      sent: 0,
      failed: 0,
      retried: 0,
    });

    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]).toMatchObject({ id, tenantId, channel: 'sms', destination: '60123456789', locale: 'ms' });
    expect(sms.sent[0]?.text).toContain('Kod log masuk Klinik Sihat Bersama anda ialah 123456');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toEqual(now);
  });

  it('retries a failing transport with backoff, then gives up after the last attempt', async () => {
    await enqueueMessage(database.db, invite(tenantId));
    const email = recordingTransport(() => new Error('connection reset'));
    const start = new Date();
    let now = start;
    const expectedWaits = [10, 30, 120, 600];

    for (const [index, wait] of expectedWaits.entries()) {
      expect(await deliverDueMessages(database.db, { now, transports: { email } })).toEqual({
        sent: 0,
        failed: 0,
        retried: 1,
      });
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: index + 1, lastError: 'connection reset' });
      expect(row?.nextAttemptAt).toEqual(seconds(now, wait));
      // Not due a moment before its time.
      const early = await deliverDueMessages(database.db, { now: seconds(now, wait - 1), transports: { email } });
      expect(early.retried).toBe(0);
      now = seconds(now, wait);
    }

    expect(await deliverDueMessages(database.db, { now, transports: { email } })).toEqual({
      sent: 0,
      failed: 1,
      retried: 0,
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'connection reset' });
    expect(await deliverDueMessages(database.db, { now: seconds(now, 3600), transports: { email } })).toEqual({
      sent: 0,
      failed: 0,
      retried: 0,
    });
  });

  it('fails a message at once on a permanent error or a payload that cannot render', async () => {
    await enqueueMessage(database.db, loginCode(tenantId));
    // Written around enqueueMessage's check, as an old row from a changed template would be.
    await database.db.insert(outbox).values({
      tenantId,
      channel: 'sms',
      destination: '60123456780',
      template: 'login-code',
      payload: { code: '123456' },
      nextAttemptAt: aSecondAgo(),
    });
    await database.db.insert(outbox).values({
      tenantId,
      channel: 'sms',
      destination: '60123456781',
      template: 'gone',
      nextAttemptAt: aSecondAgo(),
    });
    const sms = recordingTransport(() => permanentFailure('twilio 400: 21211 invalid number'));

    expect(await deliverDueMessages(database.db, { transports: { sms } })).toEqual({ sent: 0, failed: 3, retried: 0 });
    const byDestination = Object.fromEntries((await rows()).map((r) => [r.destination, r]));
    expect(byDestination['60123456789']).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'twilio 400: 21211 invalid number',
    });
    expect(byDestination['60123456780']?.lastError).toMatch(/^invalid payload for login-code: organisation/);
    expect(byDestination['60123456781']?.lastError).toBe('unknown template "gone"');
  });

  it('does not send a login code after the code expired', async () => {
    await enqueueMessage(database.db, loginCode(tenantId));
    const sms = recordingTransport();
    const report = await deliverDueMessages(database.db, { now: seconds(new Date(), 11 * 60), transports: { sms } });
    expect(report).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(sms.sent).toHaveLength(0);
    expect((await rows())[0]?.lastError).toBe('expired before it could be delivered');
  });

  it('refuses a malformed message at enqueue, rolling back the change that caused it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMessage(tx, loginCode(tenantId));
        // A payload the types refuse, as an untyped caller could still send it.
        await enqueueMessage(tx, { ...loginCode(tenantId), payload: { code: '1' } as never });
      }),
    ).rejects.toThrow(/invalid payload for login-code/);
    await expect(enqueueMessage(database.db, { ...loginCode(tenantId), destination: 'not a phone' })).rejects.toThrow();
    await expect(enqueueMessage(database.db, { ...invite(tenantId), destination: '60123456789' })).rejects.toThrow();
    expect(await rows()).toHaveLength(0);
  });

  it('never sends a message twice when two workers run at once', async () => {
    await database.db.insert(outbox).values(
      Array.from({ length: 30 }, (_, i) => ({
        tenantId,
        channel: 'sms' as const,
        destination: `601234567${String(i).padStart(2, '0')}`,
        template: 'login-code',
        payload: { code: '123456', organisation: 'Klinik Sihat Bersama', minutes: 10 },
        nextAttemptAt: aSecondAgo(),
      })),
    );
    const sms = recordingTransport();
    const now = new Date();
    const reports = await Promise.all([
      deliverDueMessages(database.db, { now, batchSize: 4, transports: { sms } }),
      deliverDueMessages(database.db, { now, batchSize: 4, transports: { sms } }),
    ]);

    expect(sms.sent).toHaveLength(30);
    expect(new Set(sms.sent.map((m) => m.id)).size).toBe(30);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('sends one number at most its hourly cap, from every tenant and two workers at once', async () => {
    const cap = DESTINATION_CAPS.sms.limit;
    // Twice the cap to one number (written two ways, from two tenants), and a few to another.
    await database.db.insert(outbox).values([
      ...Array.from({ length: 2 * cap }, (_, i) => ({
        tenantId: i % 2 ? tenantId : otherTenantId,
        channel: 'sms' as const,
        destination: i % 3 ? '60199990000' : '+60199990000',
        template: 'login-code',
        payload: { code: '123456', organisation: 'Klinik Sihat Bersama', minutes: 10 },
        nextAttemptAt: aSecondAgo(),
      })),
      ...Array.from({ length: 3 }, () => ({
        tenantId,
        channel: 'sms' as const,
        destination: '60188880000',
        template: 'login-code',
        payload: { code: '123456', organisation: 'Klinik Sihat Bersama', minutes: 10 },
        nextAttemptAt: aSecondAgo(),
      })),
    ]);
    const sms = recordingTransport();
    const now = new Date();
    await Promise.all([
      deliverDueMessages(database.db, { now, batchSize: 4, transports: { sms } }),
      deliverDueMessages(database.db, { now, batchSize: 4, transports: { sms } }),
    ]);
    const toCapped = sms.sent.filter((m) => m.destination.endsWith('60199990000'));
    expect(toCapped).toHaveLength(cap);
    expect(sms.sent.filter((m) => m.destination === '60188880000')).toHaveLength(3);
    const refused = (await rows()).filter((r) => r.status === 'failed');
    expect(refused).toHaveLength(cap);
    expect(refused.every((r) => r.lastError?.includes('too many messages to this destination'))).toBe(true);
    // Nothing was sent for them later either.
    await deliverDueMessages(database.db, { now: seconds(now, 3600), transports: { sms } });
    expect(sms.sent.filter((m) => m.destination.endsWith('60199990000'))).toHaveLength(cap);
  });

  it('rescues rows of a worker that stopped mid-send, once their lease is over', async () => {
    const ids = await Promise.all(
      Array.from({ length: 3 }, () => enqueueMessage(database.db, invite(tenantId)).then((r) => r.id)),
    );
    const [lost, lastChance, busy] = ids as [string, string, string];
    const now = new Date();
    const claimed = await claimDueRows(database.db, { now, limit: 10, leaseUntil: seconds(now, 300) });
    expect(claimed).toHaveLength(3);
    // A crashed worker's row whose lease ran out, one that was on its last attempt, one still within its lease.
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: seconds(now, -1) })
      .where(inArray(outbox.id, [lost, lastChance]));
    await database.db.update(outbox).set({ attempts: MAX_ATTEMPTS }).where(eq(outbox.id, lastChance));

    const email = recordingTransport();
    expect(await deliverDueMessages(database.db, { now, transports: { email } })).toEqual({
      sent: 1,
      failed: 1,
      retried: 0,
    });
    expect(email.sent.map((m) => m.id)).toEqual([lost]);
    const byId = Object.fromEntries((await rows()).map((r) => [r.id, r]));
    expect(byId[lost]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byId[lastChance]).toMatchObject({ status: 'failed' });
    expect(byId[busy]).toMatchObject({ status: 'sending', attempts: 1 });

    // The slow worker that still held `busy` can settle it; a stale claim of `lost` cannot.
    const stale = claimed.find((r) => r.id === lost);
    if (!stale) throw new Error('claim missing');
    await database.db.update(outbox).set({ status: 'sending' }).where(eq(outbox.id, lost));
    await markRowSent(database.db, stale, now);
    expect((await rows()).find((r) => r.id === lost)).toMatchObject({ status: 'sending', attempts: 2 });
  });

  it('runs in the background and delivers a kicked message at once, not at its next round', async () => {
    const sms = recordingTransport();
    // Rounds an hour apart: a message that arrives before then was sent by the kick (no stopwatch:
    // a busy machine may take seconds, never an hour).
    const worker = startOutboxWorker(async () => database.db, { intervalMs: 3_600_000, transports: { sms } });
    try {
      expect(startOutboxWorker(async () => database.db)).toBe(worker);
      // Let the first, empty round pass (were it slower, it would deliver the message itself: a
      // weaker test, never a failing one).
      await new Promise((resolve) => setTimeout(resolve, 100));
      await database.db.transaction((tx) => enqueueMessage(tx, loginCode(tenantId)));
      kickOutbox();
      kickOutbox();
      await vi.waitFor(() => expect(sms.sent).toHaveLength(1), { timeout: 20_000, interval: 10 });
    } finally {
      await worker.stop();
    }
    // Stopped: kicks do nothing, a new worker can start.
    await enqueueMessage(database.db, loginCode(tenantId, '60199999999'));
    kickOutbox();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sms.sent).toHaveLength(1);
    const next = startOutboxWorker(async () => database.db, { intervalMs: 60_000, transports: { sms } });
    expect(next).not.toBe(worker);
    await next.stop();
  });

  it('logs a failing run instead of throwing, and keeps going', async () => {
    let calls = 0;
    const worker = startOutboxWorker(
      async () => {
        calls++;
        throw new Error('database is down');
      },
      { intervalMs: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    await worker.stop();
    expect(calls).toBeGreaterThan(2);
  });
});
