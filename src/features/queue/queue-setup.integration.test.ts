import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { queues, queueTickets, servicePoints } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import {
  boardState,
  callNext,
  issueTicket,
  QueueError,
  queueSetup,
  queueSetupLists,
  staffQueueSetupAction,
  ticketAction,
} from './index.server.ts';
import { aClinicWithWaitingRoom } from './test-support.ts';

composeApp();

// Setting up queues and service points (issue 16 follow-up): create, edit, deactivate; a prefix is
// unique per tenant; bad input and another tenant's ids write nothing.
describe.each(testDatabaseKinds)('queue set-up on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let yayasan: Tenant;
  const act = (tenant: Tenant, form: Record<string, string>) =>
    staffQueueSetupAction(database.db, { tenantId: tenant.id, form });
  const snapshot = async () => ({
    queues: await database.db.select().from(queues).orderBy(queues.id),
    points: await database.db.select().from(servicePoints).orderBy(servicePoints.id),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinicWithWaitingRoom(database.db);
    yayasan = await aTenant(database.db, 'yayasan');
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('creates and edits a queue and a point, which then number, call and show on the board', async () => {
    expect(
      await act(klinik, { action: 'queue-save', prefix: 'rx', name_en: 'Prescriptions', name_ms: 'Preskripsi' }),
    ).toMatchObject({ ok: true, status: 200 });
    const rx = (await queueSetupLists(database.db, klinik.id)).queues.find((q) => q.prefix === 'RX');
    expect(rx).toMatchObject({ name: { en: 'Prescriptions', ms: 'Preskripsi', id: '' }, kiosk: false, active: true });
    const rxId = rx?.id ?? '';
    expect(await act(klinik, { action: 'point-save', kind: 'room', number: '7', queueId: rxId })).toMatchObject({
      ok: true,
    });
    const room = (await queueSetupLists(database.db, klinik.id)).points.find((p) => p.queueId === rxId);
    expect(room).toMatchObject({ kind: 'room', number: 7, active: true });
    const roomId = room?.id ?? '';

    // Edit: names, prefix, kiosk; the point's number.
    expect(
      await act(klinik, { action: 'queue-save', id: rxId, prefix: 'R', name_id: 'Resep', name_en: 'Rx', kiosk: 'on' }),
    ).toMatchObject({ ok: true });
    expect(
      await act(klinik, { action: 'point-save', id: roomId, kind: 'room', number: '8', queueId: rxId }),
    ).toMatchObject({ ok: true });
    const setup = await queueSetup(database.db, klinik.id, 'id');
    expect(setup.queues.find((q) => q.id === rxId)).toMatchObject({ prefix: 'R', name: 'Resep', kiosk: true });
    expect(setup.points.find((p) => p.id === roomId)).toMatchObject({ number: 8, queueId: rxId });

    const ticket = await issueTicket(database.db, { tenant: klinik, queueId: rxId, source: 'walk_in' });
    expect(ticket.number).toBe('R001');
    expect((await callNext(database.db, { tenant: klinik, pointId: roomId }))?.number).toBe('R001');
    const board = await boardState(database.db, klinik, { locale: 'en' });
    expect(board.points.find((p) => p.id === roomId)?.current?.number).toBe('R001');
  });

  it('refuses a prefix in use and bad input, writing nothing', async () => {
    const before = await snapshot();
    const r = before.queues.find((q) => q.tenantId === klinik.id && q.prefix === 'R');
    expect(await act(klinik, { action: 'queue-save', prefix: 'a', name_en: 'Again' })).toEqual({
      ok: false,
      status: 409,
      key: 'queue.setup.error.prefixTaken',
    });
    expect(await act(klinik, { action: 'queue-save', id: r?.id ?? '', prefix: 'P', name_en: 'Rx' })).toMatchObject({
      status: 409,
      key: 'queue.setup.error.prefixTaken',
    });
    expect(await act(klinik, { action: 'queue-save', prefix: 'ABC', name_en: 'Three' })).toMatchObject({
      status: 400,
      key: 'queue.setup.error.prefix',
    });
    expect(await act(klinik, { action: 'queue-save', prefix: 'Z', name_en: 'x'.repeat(61) })).toMatchObject({
      status: 400,
      key: 'queue.setup.error.nameLength',
    });
    expect(
      await act(klinik, { action: 'point-save', kind: 'room', number: '100', queueId: r?.id ?? '' }),
    ).toMatchObject({ status: 400, key: 'queue.setup.error.number' });
    expect(await act(klinik, { action: 'queue-active', id: 'nope', active: 'off' })).toMatchObject({ status: 400 });
    expect(await act(klinik, { action: 'drop-table' })).toMatchObject({ status: 400 });
    expect(await snapshot()).toEqual(before);
    // Two staff adding the same new prefix at once: one queue, the other told the prefix is taken.
    const both = await Promise.all(
      ['Kasir', 'Cashier'].map((name) => act(klinik, { action: 'queue-save', prefix: 'K', name_en: name })),
    );
    expect(both.map((o) => o.status).sort()).toEqual([200, 409]);
    expect((await queueSetupLists(database.db, klinik.id)).queues.filter((q) => q.prefix === 'K')).toHaveLength(1);
    // The prefix is unique per tenant only: another clinic may use A.
    expect(await act(yayasan, { action: 'queue-save', prefix: 'A', name_en: 'Front desk' })).toMatchObject({
      ok: true,
    });
  });

  it("another tenant's ids are not found and change nothing", async () => {
    const before = await snapshot();
    const [a] = await database.db
      .select()
      .from(queues)
      .where(and(eq(queues.tenantId, klinik.id), eq(queues.prefix, 'A')));
    const [point] = await database.db.select().from(servicePoints).where(eq(servicePoints.tenantId, klinik.id));
    const theirs = { queue: a?.id ?? '', point: point?.id ?? '' };
    const notFound = { ok: false, status: 404, key: 'queue.error.notFound' };
    expect(await act(yayasan, { action: 'queue-save', id: theirs.queue, prefix: 'Q', name_en: 'Mine' })).toEqual(
      notFound,
    );
    expect(await act(yayasan, { action: 'queue-active', id: theirs.queue, active: 'off' })).toEqual(notFound);
    expect(await act(yayasan, { action: 'point-active', id: theirs.point, active: 'off' })).toEqual(notFound);
    expect(await act(yayasan, { action: 'point-save', kind: 'counter', number: '1', queueId: theirs.queue })).toEqual(
      notFound,
    );
    const yayasanQueue = (await queueSetupLists(database.db, yayasan.id)).queues[0]?.id ?? '';
    expect(
      await act(yayasan, {
        action: 'point-save',
        id: theirs.point,
        kind: 'counter',
        number: '1',
        queueId: yayasanQueue,
      }),
    ).toEqual(notFound);
    expect(await snapshot()).toEqual(before);
  });

  it('deactivates only what has no open ticket; deactivated ones leave the console and the board', async () => {
    const { queues: all, points } = await queueSetupLists(database.db, klinik.id);
    const r = all.find((q) => q.prefix === 'R');
    const room = points.find((p) => p.queueId === r?.id);
    const rId = r?.id ?? '';
    const roomId = room?.id ?? '';
    // R001 is at room 8: neither the queue nor the room can be switched off yet.
    const busy = { ok: false, status: 409, key: 'queue.setup.error.busy' };
    expect(await act(klinik, { action: 'queue-active', id: rId, active: 'off' })).toEqual(busy);
    expect(await act(klinik, { action: 'point-active', id: roomId, active: 'off' })).toEqual(busy);
    const [ticket] = (await staffTickets()).filter((t) => t.number === 'R001');
    await ticketAction(database.db, { tenant: klinik, ticketId: ticket?.id ?? '', action: 'done' });

    expect(await act(klinik, { action: 'point-active', id: roomId, active: 'off' })).toMatchObject({ ok: true });
    expect(await act(klinik, { action: 'queue-active', id: rId, active: 'off' })).toMatchObject({
      ok: true,
      key: 'queue.setup.done.deactivated',
    });
    const setup = await queueSetup(database.db, klinik.id, 'en');
    expect(setup.queues.map((q) => q.id)).not.toContain(rId);
    expect(setup.points.map((p) => p.id)).not.toContain(roomId);
    const board = await boardState(database.db, klinik, { locale: 'en' });
    expect(board.points.map((p) => p.id)).not.toContain(roomId);
    expect(board.queues.map((q) => q.id)).not.toContain(rId);
    // Nothing new reaches a deactivated queue or point.
    await expect(issueTicket(database.db, { tenant: klinik, queueId: rId, source: 'walk_in' })).rejects.toBeInstanceOf(
      QueueError,
    );
    await expect(callNext(database.db, { tenant: klinik, pointId: roomId })).rejects.toBeInstanceOf(QueueError);
    // A point cannot be moved to a deactivated queue; nothing was deleted, and both come back.
    const pharmacy = points.find((p) => p.kind === 'pharmacy');
    expect(
      await act(klinik, { action: 'point-save', id: pharmacy?.id ?? '', kind: 'pharmacy', number: '', queueId: rId }),
    ).toMatchObject({ status: 404 });
    expect(await act(klinik, { action: 'queue-active', id: rId, active: 'on' })).toMatchObject({
      ok: true,
      key: 'queue.setup.done.activated',
    });
    expect(await act(klinik, { action: 'point-active', id: roomId, active: 'on' })).toMatchObject({ ok: true });
    expect((await queueSetup(database.db, klinik.id, 'en')).points.map((p) => p.id)).toContain(roomId);
    expect((await issueTicket(database.db, { tenant: klinik, queueId: rId, source: 'walk_in' })).number).toBe('R002');
  });

  async function staffTickets() {
    return database.db.select().from(queueTickets).where(eq(queueTickets.tenantId, klinik.id));
  }
});
