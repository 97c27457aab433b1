import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { queues, queueTickets } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { DEMO_DISPLAY_CODE } from '#demo/demo-queue.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import {
  DISPLAY_CODE_GUESSES,
  KIOSK_TICKETS_PER_ADDRESS,
  KIOSK_TICKETS_PER_PHONE,
  type KioskResult,
  kioskTicket,
  openDisplay,
} from './index.server.ts';
import { setQueueSmsAbroad } from './queue.server';
import { aClinicWithWaitingRoom } from './test-support.ts';

composeApp();

// Issue 23 items 12 and 22: the kiosk measured as an attacker holding the TV's display code would
// use it — tickets in a row from one address, foreign numbers for the SMS, guessing display codes.

describe.each(testDatabaseKinds)('kiosk limits on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let queueIds: Set<string>;
  let queueP = '';
  let addressSeq = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinicWithWaitingRoom(database.db);
    const rows = await database.db.select().from(queues).where(eq(queues.tenantId, klinik.id));
    queueIds = new Set(rows.filter((q) => q.kiosk).map((q) => q.id));
    queueP = rows.find((q) => q.prefix === 'P')?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  /** A fresh address, so each test measures its own limit. */
  const newAddress = () => {
    addressSeq += 1;
    return `203.0.113.${addressSeq}`;
  };
  const take = (ip: string, phone = '', locale: 'en' | 'ms' | 'id' = 'en') =>
    kioskTicket(database.db, { tenant: klinik, form: { queueId: queueP, phone }, queueIds, locale, ip });
  const ticketsWith = async (phone: string) =>
    database.db
      .select()
      .from(queueTickets)
      .where(and(eq(queueTickets.tenantId, klinik.id), eq(queueTickets.phone, phone)));
  const outcome = (r: KioskResult) => (r.ok ? 'ticket' : `${r.status} ${r.key}`);

  it('refuses the 21st and every later one of 40 tickets taken in a row from one address, issuing none for them', async () => {
    const ip = newAddress();
    const before = (await database.db.select().from(queueTickets)).length;
    const results: KioskResult[] = [];
    for (let n = 0; n < 40; n += 1) results.push(await take(ip));
    const first = KIOSK_TICKETS_PER_ADDRESS[0].limit;
    expect(results.slice(0, first).map(outcome)).toEqual(Array(first).fill('ticket'));
    expect(results.slice(first).map(outcome)).toEqual(Array(40 - first).fill('429 queue.kiosk.tooMany'));
    expect(results.at(-1)).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect((await database.db.select().from(queueTickets)).length - before).toBe(first);
    // Another address (the clinic's own kiosk) is not held back by it.
    expect(outcome(await take(newAddress()))).toBe('ticket');
  });

  it('refuses a foreign number for the SMS unless staff allow other countries', async () => {
    for (const foreign of ['+1 202 555 0143', '+44 7700 900123', '6281234567890']) {
      const refused = await take(newAddress(), foreign, 'ms');
      expect(refused).toEqual({
        ok: false,
        status: 400,
        key: 'queue.kiosk.phoneAbroad',
        params: { country: 'Malaysia' },
      });
    }
    expect(await ticketsWith('12025550143')).toHaveLength(0);
    await setQueueSmsAbroad(database.db, klinik.id, true);
    try {
      expect(outcome(await take(newAddress(), '+1 202 555 0143'))).toBe('ticket');
      expect(await ticketsWith('12025550143')).toHaveLength(1);
    } finally {
      await setQueueSmsAbroad(database.db, klinik.id, false);
    }
  });

  it('takes the local form 017… as every phone field does (item 22)', async () => {
    expect(outcome(await take(newAddress(), '017-234 5678'))).toBe('ticket');
    expect(await ticketsWith('60172345678')).toHaveLength(1);
    expect(outcome(await take(newAddress(), '0312345678'))).toBe('400 queue.kiosk.badPhone');
  });

  it('gives one mobile number three tickets a day, whatever the address', async () => {
    const results: KioskResult[] = [];
    for (let n = 0; n < 6; n += 1) results.push(await take(newAddress(), '0198765432'));
    const limit = KIOSK_TICKETS_PER_PHONE.limit;
    expect(results.map(outcome)).toEqual([
      ...Array(limit).fill('ticket'),
      ...Array(6 - limit).fill('429 queue.kiosk.phoneLimit'),
    ]);
    expect(results.at(-1)).toMatchObject({ params: { count: limit } });
    expect(await ticketsWith('60198765432')).toHaveLength(limit);
  });

  it('answers 429 to display-code guesses after 10 wrong codes from one address, even for the right code', async () => {
    const ip = newAddress();
    const open = (code: string | null, from = ip) => openDisplay(database.db, { tenantId: klinik.id, code, ip: from });
    // The board polling with its right code never runs into the limit.
    for (let n = 0; n < 30; n += 1) expect((await open(DEMO_DISPLAY_CODE)).kind).toBe('open');
    const kinds: string[] = [];
    for (let n = 0; n < 15; n += 1)
      kinds.push((await open(`WRONGCDE${'23456789'[n % 8]}${'23456789'[Math.floor(n / 8)]}`)).kind);
    const limit = DISPLAY_CODE_GUESSES.limit;
    expect(kinds).toEqual([...Array(limit).fill('bad'), ...Array(15 - limit).fill('limited')]);
    expect(await open(DEMO_DISPLAY_CODE)).toMatchObject({ kind: 'limited', retryAfterSeconds: expect.any(Number) });
    // No code at all is the code form, not a guess; another address is not affected.
    expect((await open(null)).kind).toBe('none');
    expect((await open(DEMO_DISPLAY_CODE, newAddress())).kind).toBe('open');
  });
});
