import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { services } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { findOrCreateCustomer } from '#features/auth/auth-repo.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { accountSections } from '#server/account-sections.ts';
import { bookSlot } from './index.server.ts';
import { aClinic } from './test-support.ts';

// The account page's sections as the running app registers them.
composeApp();

const NOW = new Date('2026-11-23T00:00:00Z');
const thu = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);

describe.each(testDatabaseKinds)('the customer’s account sections on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let consultation = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    const [service] = await database.db.select().from(services).where(eq(services.slug, 'general-consultation'));
    consultation = service?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const sectionsOf = (customerId: string, locale: 'en' | 'ms' | 'id' = 'en') =>
    accountSections.load({ db: database.db, tenant: klinik, customerId, locale, t: translator(locale) });

  it('shows the appointments and invoices in the order registered, each linking to its page', async () => {
    expect(accountSections.keys()).toEqual(['appointments', 'invoices', 'donations', 'fundraisers', 'loyalty']);
    const customer = await findOrCreateCustomer(database.db, klinik.id, { phone: '60175550001' }, 'ms');
    const booked = await bookSlot(database.db, {
      tenant: klinik,
      serviceId: consultation,
      resourceId: 'any',
      start: thu('10:00'),
      contact: { name: 'Siti', phone: '60175550001', email: null },
      customerId: customer.id,
      locale: 'ms',
      now: NOW,
    });
    if (!booked.ok) throw new Error(booked.reason);

    // Only what the organisation offers: a clinic's customer has no donations section (the demo
    // clinic offers loyalty: its points section, issue 14).
    expect((await sectionsOf(customer.id)).map((section) => section.key)).toEqual([
      'appointments',
      'invoices',
      'loyalty',
    ]);
    const foundation = { ...klinik, offers: { ...klinik.offers, appointments: false, donations: true } };
    const foundationKeys = (
      await accountSections.load({
        db: database.db,
        tenant: foundation,
        customerId: customer.id,
        locale: 'en',
        t: translator('en'),
      })
    ).map((section) => section.key);
    expect(foundationKeys).toEqual(['invoices', 'donations', 'fundraisers', 'loyalty']);

    const [appointments, invoices] = await sectionsOf(customer.id, 'ms');
    // A hold not yet paid is not an appointment the customer has; its invoice is theirs, and reads
    // as expired: the hold was placed at NOW, long before this test's real clock.
    expect(appointments?.items).toEqual([]);
    expect(appointments?.empty).toContain('Belum ada temu janji');
    expect(invoices?.items).toEqual([
      expect.objectContaining({
        href: `/ms/invoices/${booked.invoice?.publicId}/appointment`,
        status: 'Tamat tempoh',
      }),
    ]);

    // Once confirmed (say at the counter), the appointment shows, in the clinic's time zone.
    const counter = await bookSlot(database.db, {
      tenant: klinik,
      serviceId: consultation,
      resourceId: 'any',
      start: thu('11:00'),
      contact: { name: 'Siti', phone: '60175550001', email: null },
      customerId: customer.id,
      locale: 'en',
      now: NOW,
    });
    if (!counter.ok) throw new Error(counter.reason);
    const { bookings } = await import('#db/schema/index.ts');
    await database.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, counter.booking.id));
    const [after] = await sectionsOf(customer.id);
    expect(after?.items).toEqual([
      expect.objectContaining({
        status: 'Confirmed',
        href: expect.stringMatching(/^\/appointment\/general-consultation\/checkout\?booking=/),
        detail: expect.stringContaining(counter.booking.reference ?? 'no reference'),
      }),
    ]);
    expect(after?.items[0]?.detail).toContain('11:00');
  });

  it('shows nothing of another customer’s', async () => {
    const other = await findOrCreateCustomer(database.db, klinik.id, { phone: '60175550002' }, 'en');
    const [appointments, invoices] = await sectionsOf(other.id);
    expect(appointments?.items).toEqual([]);
    expect(invoices?.items).toEqual([]);
    expect(invoices?.empty).toBe('No invoices yet.');
  });
});
