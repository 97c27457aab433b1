import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings, payments, refunds, services, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { bookSlot } from './index.server.ts';
import { insertPaymentForTest } from './test-support';
import { aClinic } from './test-support.ts';

composeApp();

// The hand-written part of the refunds migration: booking refund flags and the paid-twice magic
// string become refund rows. Run here on rows made the old way (flags set, no refund rows).
const migrations = path.join(import.meta.dirname, '../../../migrations');
const file = readdirSync(migrations).find((name) => /^\d+_refunds\.sql$/.test(name)) ?? '';
const backfill = readFileSync(path.join(migrations, file), 'utf8')
  .slice(readFileSync(path.join(migrations, file), 'utf8').indexOf('-- Hand-written backfill'))
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

const NOW = new Date('2026-11-23T00:00:00Z');

describe.each(testDatabaseKinds)('the refunds backfill on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let staffId = '';
  let serviceId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    staffId = (await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id)).limit(1))[0]?.id ?? '';
    const [service] = await database.db.select().from(services).where(eq(services.slug, 'dental-scaling'));
    serviceId = service?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  async function paidBooking(start: string) {
    const booked = await bookSlot(database.db, {
      tenant: klinik,
      serviceId,
      resourceId: 'any',
      start: new Date(start),
      contact: { name: 'Aisyah', phone: '60123456789', email: null },
      locale: 'en',
      now: NOW,
    });
    if (!booked.ok || !booked.invoice) throw new Error('not booked');
    const paymentId = await insertPaymentForTest(database.db, klinik.id, booked.invoice.id);
    await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'verify' });
    return { booking: booked.booking, invoiceId: booked.invoice.id, paymentId };
  }

  it('turns booking refund flags and the paid-twice string into refund rows, once', async () => {
    expect(backfill.length, file).toBe(3);
    const cancelled = await paidBooking('2026-11-27T02:00:00Z');
    const lost = await paidBooking('2026-11-27T04:00:00Z');
    const twice = await insertPaymentForTest(database.db, klinik.id, lost.invoiceId);
    const recordedAt = new Date('2026-11-24T03:00:00Z');
    // The old shape: flags on the booking, a magic string on the payment, no refund rows.
    await database.db
      .update(bookings)
      .set({ status: 'cancelled', refundDue: true, refundedAt: recordedAt, refundedByStaffId: staffId })
      .where(eq(bookings.id, cancelled.booking.id));
    await database.db
      .update(bookings)
      .set({ status: 'expired', refundDue: true })
      .where(eq(bookings.id, lost.booking.id));
    await database.db
      .update(payments)
      .set({
        status: 'paid',
        settledAt: new Date(Date.now() + 3_600_000),
        failureReason: 'refund_due_invoice_already_paid',
      })
      .where(eq(payments.id, twice));
    await database.db.delete(refunds);

    for (let run = 0; run < 2; run += 1) {
      for (const statement of backfill) await database.db.execute(sql.raw(statement));
    }

    const rows = await database.db.select().from(refunds).orderBy(asc(refunds.reason));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.reason === 'booking_cancelled')).toMatchObject({
      paymentId: cancelled.paymentId,
      status: 'succeeded',
      amount: 1,
      completedAt: recordedAt,
      recordedByStaffId: staffId,
    });
    expect(rows.find((r) => r.reason === 'slot_lost')).toMatchObject({
      paymentId: lost.paymentId,
      status: 'due',
      completedAt: null,
    });
    expect(rows.find((r) => r.reason === 'paid_twice')).toMatchObject({ paymentId: twice, status: 'due', amount: 1 });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, twice));
    expect(payment?.failureReason).toBeNull();
  });
});
