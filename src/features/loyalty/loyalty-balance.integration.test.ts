// Issue 25, "costs flat in data": the kept balance per member (moved with every entry, checked by
// the ledger check), the member panel's history in pages, a constant number of queries however
// long the ledger, and earns racing redemptions of the same member on two instances.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Db, openDatabase } from '#db/client.server.ts';
import { loyaltyEntries } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { translator } from '#i18n/t.ts';
import { checkLedger, credit, debit, expireLots, giveBack, memberPanel, takeBack } from './index.server.ts';
import { type MemberRow, memberById, type ProgrammeRow } from './loyalty-repo.server';
import { insertTestMember, insertTestProgramme, pointsOf } from './test-support';

composeApp();

const RACERS = 20;

describe.each(testDatabaseKinds)('loyalty kept balance on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let klinik: Tenant;
  const via = (i: number): Db => (i % 2 === 1 && second ? second.db : database.db);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
    if (database.url) second = await openDatabase({ url: database.url });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  const earn = (db: Db, member: MemberRow, programme: ProgrammeRow, points: number, now = new Date()) =>
    transaction(db, (tx) =>
      credit(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        programme,
        kind: 'earn',
        points,
        key: `test:earn:${crypto.randomUUID()}`,
        reason: 'test',
        now,
      }),
    );
  const redeem = (db: Db, member: MemberRow, points: number, now = new Date()) =>
    transaction(db, (tx) =>
      debit(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        kind: 'redeem',
        points,
        key: `test:redeem:${crypto.randomUUID()}`,
        reason: 'test',
        now,
      }),
    );

  /** The member's kept balance and the sum of their ledger, read from the database. */
  async function keptAndLedger(memberId: string) {
    const member = await memberById(database.db, klinik.id, memberId);
    const [row] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${loyaltyEntries.points}), 0)` })
      .from(loyaltyEntries)
      .where(eq(loyaltyEntries.memberId, memberId));
    return { kept: member?.balance, ledger: Number(row?.sum) };
  }

  async function expectKeptIsLedger(memberId: string) {
    const { kept, ledger } = await keptAndLedger(memberId);
    expect(kept).toBe(ledger);
    expect(await checkLedger(database.db)).toMatchObject({ ok: true, balances: 0 });
  }

  it('keeps the balance equal to the ledger through earn, redeem, hold and release, clawback, owed and expiry', async () => {
    const programme = await insertTestProgramme(database.db, klinik.id, { expiryMonths: 1, allowNegative: true });
    const { member } = await insertTestMember(database.db, klinik.id, programme.id);
    const earnedAt = new Date('2026-01-10T00:00:00Z');
    const first = await earn(database.db, member, programme, 100, earnedAt);
    await earn(database.db, member, { ...programme, expiryMonths: null }, 50, earnedAt);
    await expectKeptIsLedger(member.id);

    expect((await redeem(database.db, member, 30, earnedAt)).ok).toBe(true);
    await expectKeptIsLedger(member.id);

    const hold = await transaction(database.db, (tx) =>
      debit(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        kind: 'hold',
        points: 40,
        key: `test:hold:${crypto.randomUUID()}`,
        reason: 'test',
        now: earnedAt,
      }),
    );
    if (!hold.ok) throw new Error('hold refused');
    await expectKeptIsLedger(member.id);
    await transaction(database.db, (tx) =>
      giveBack(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        of: hold.entry,
        key: `test:release:${hold.entry.id}`,
        reason: 'test',
        now: earnedAt,
      }),
    );
    await expectKeptIsLedger(member.id);
    expect(await pointsOf(database.db, klinik.id, member.id, earnedAt)).toBe(120);

    // A refund takes back more than is left: the rest is owed, and the kept balance goes below zero.
    await transaction(database.db, (tx) =>
      takeBack(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        allowNegative: true,
        kind: 'clawback',
        points: 130,
        firstLotId: first?.id ?? null,
        key: `test:clawback:${crypto.randomUUID()}`,
        reason: 'test',
        now: earnedAt,
      }),
    );
    await expectKeptIsLedger(member.id);
    expect(await pointsOf(database.db, klinik.id, member.id, earnedAt)).toBe(-10);
    // An earn pays off what is owed first.
    await earn(database.db, member, programme, 25, earnedAt);
    await expectKeptIsLedger(member.id);
    expect(await pointsOf(database.db, klinik.id, member.id, earnedAt)).toBe(15);

    // Past the expiry the balance leaves out the expired lot before the job runs, and the job's
    // entry moves the kept balance to the same number.
    const later = new Date('2026-03-01T00:00:00Z');
    const before = await pointsOf(database.db, klinik.id, member.id, later);
    expect(before).toBe(0);
    expect(await transaction(database.db, (tx) => expireLots(tx, klinik.id, member.id, later))).toBe(15);
    await expectKeptIsLedger(member.id);
    expect((await memberById(database.db, klinik.id, member.id))?.balance).toBe(before);
  });

  it('reports a kept balance that disagrees with the ledger', async () => {
    const programme = await insertTestProgramme(database.db, klinik.id);
    const { member } = await insertTestMember(database.db, klinik.id, programme.id);
    await earn(database.db, member, programme, 10);
    await expectKeptIsLedger(member.id);
    await database.db.execute(sql`UPDATE loyalty_members SET balance = balance + 5 WHERE id = ${member.id}`);
    expect(await checkLedger(database.db)).toMatchObject({ ok: false, balances: 1, lots: 0, members: 0 });
    await database.db.execute(sql`UPDATE loyalty_members SET balance = balance - 5 WHERE id = ${member.id}`);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('pages the history: each page continues the one before, without gaps or repeats, ties included', async () => {
    const programme = await insertTestProgramme(database.db, klinik.id);
    const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
    // Entries written at the same instant: the cursor orders ties by id.
    const at = new Date('2026-02-01T00:00:00Z');
    for (let i = 0; i < 45; i++) await earn(database.db, member, programme, 1, i < 30 ? at : new Date());
    const seen: string[] = [];
    let before: string | null = null;
    const sizes: number[] = [];
    for (let page = 0; page < 5; page++) {
      const panel = await memberPanel(database.db, {
        tenant: klinik,
        programme,
        customerId: customer.id,
        locale: 'ms',
        t: translator('ms'),
        before,
      });
      sizes.push(panel.history.length);
      seen.push(...panel.history.map((e) => e.id));
      if (!panel.next) break;
      expect(panel.next).toBe(panel.history.at(-1)?.id);
      before = panel.next;
    }
    expect(sizes).toEqual([20, 20, 5]);
    const all = await database.db
      .select({ id: loyaltyEntries.id })
      .from(loyaltyEntries)
      .where(eq(loyaltyEntries.memberId, member.id))
      .orderBy(sql`${loyaltyEntries.createdAt} DESC, ${loyaltyEntries.id} DESC`);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('reads the member panel and draws points in the same number of queries, however long the ledger', async () => {
    const programme = await insertTestProgramme(database.db, klinik.id, { expiryMonths: 12 });
    const counter = countQueries(database);
    const queries = async (entries: number) => {
      const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
      // Earns each spent at once: spent lots that a read of every lot would load.
      for (let i = 0; i < entries / 2; i++) {
        await earn(database.db, member, programme, 10);
        expect((await redeem(database.db, member, 10)).ok).toBe(true);
      }
      await earn(database.db, member, programme, 100);
      counter.reset();
      await memberPanel(counter.db, {
        tenant: klinik,
        programme,
        customerId: customer.id,
        locale: 'en',
        t: translator('en'),
      });
      const panel = counter.count();
      // Lots are read only where they still hold points (never the spent ones of a long ledger).
      const lotReads = counter.statements().filter((q) => q.includes('"loyalty_lots"'));
      expect(lotReads.length).toBeGreaterThan(0);
      expect(lotReads.every((q) => /"remaining" > (0|\$\d+)/.test(q))).toBe(true);
      counter.reset();
      expect((await redeem(counter.db, member, 5)).ok).toBe(true);
      return { panel, redeem: counter.count() };
    };
    const small = await queries(4);
    const large = await queries(80);
    expect(large).toEqual(small);
    expect(small.panel).toBeLessThanOrEqual(6);
  });

  it(`keeps the balance equal to the ledger while ${RACERS} earns race ${RACERS} redemptions of one member`, async () => {
    const programme = await insertTestProgramme(database.db, klinik.id);
    const { member } = await insertTestMember(database.db, klinik.id, programme.id);
    await earn(database.db, member, programme, 100);
    const results = await Promise.all(
      Array.from({ length: RACERS * 2 }, (_, i) =>
        i % 2 === 0
          ? earn(via(i / 2), member, programme, 7).then((e) => ({ earned: e ? 7 : 0, spent: 0 }))
          : redeem(via((i - 1) / 2 + 1), member, 9).then((r) => ({ earned: 0, spent: r.ok ? 9 : 0 })),
      ),
    );
    const earned = results.reduce((s, r) => s + r.earned, 0);
    const spent = results.reduce((s, r) => s + r.spent, 0);
    expect(earned).toBe(RACERS * 7);
    expect(spent).toBeGreaterThan(0);
    await expectKeptIsLedger(member.id);
    expect(await pointsOf(database.db, klinik.id, member.id)).toBe(100 + earned - spent);
  });
});
