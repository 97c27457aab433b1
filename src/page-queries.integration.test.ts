import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/preact/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, services, staff } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { availabilityFor, bookSlot, type Slot } from '#features/booking/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { routePolicy } from '#pipeline/route-policy.ts';
import { composeApp } from './app.server';

// Queries per page (issue 11): every page that cannot be cached runs a handful, however many rows
// it lists. Each page is rendered whole (layout, components, islands' server HTML) through a
// handle that counts the statements, with a few rows and then with more: the count must not grow.
composeApp();

type Page = AstroComponentFactory;
/** Loaded by path: TypeScript has no types for .astro files outside `astro check`. */
const page = async (file: string) =>
  ((await import(/* @vite-ignore */ `./pages/${file}`)) as { default: AstroComponentFactory }).default;
const AccountPage = await page('account.astro');
const CheckoutPage = await page('appointment/[id]/checkout.astro');
const ServicePage = await page('appointment/[id]/index.astro');
const InvoiceListPage = await page('invoices/index.astro');
const InvoicePage = await page('invoices/[publicId]/appointment.astro');
const StaffAppointmentsPage = await page('staff/appointments.astro');
const StaffPaymentsPage = await page('staff/payments.astro');

describe.each(testDatabaseKinds)('queries per page on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let container: Awaited<ReturnType<typeof AstroContainer.create>>;
  let customer: { id: string; name: string; phone: string | null; email: string | null };
  let member: { id: string; name: string; email: string; role: 'owner' | 'staff' };
  let serviceSlug: string;
  let serviceId: string;
  let free: Slot[] = [];
  const booked: { publicId: string; reference: string; invoicePublicId: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    const [row] = await database.db
      .insert(customers)
      .values({ tenantId: klinik.id, name: 'Aisyah', phone: '60123450001' })
      .returning();
    customer = { id: row?.id as string, name: 'Aisyah', phone: '60123450001', email: null };
    const [owner] = await database.db
      .select()
      .from(staff)
      .where(and(eq(staff.tenantId, klinik.id), eq(staff.role, 'owner')));
    member = { id: owner?.id as string, name: owner?.name as string, email: owner?.email as string, role: 'owner' };
    const paid = (await database.db.select().from(services).where(eq(services.tenantId, klinik.id))).find(
      (s) => s.active && s.price > 0 && !s.needsApproval,
    );
    serviceSlug = paid?.slug as string;
    serviceId = paid?.id as string;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const until = new Date(now.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    const availability = await availabilityFor(database.db, { tenant: klinik, serviceId, from: today, to: until, now });
    // One slot a day, so every booking has its own time.
    free = availability?.days.flatMap((d) => d.slots.slice(0, 1)) ?? [];
    container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  async function book(count: number) {
    for (let i = 0; i < count; i += 1) {
      const slot = free.shift();
      if (!slot) throw new Error('no free slot left');
      const result = await bookSlot(database.db, {
        tenant: klinik,
        serviceId,
        resourceId: 'any',
        start: new Date(slot.start),
        contact: { name: customer.name, phone: customer.phone, email: null },
        customerId: customer.id,
        locale: 'en',
      });
      if (!result.ok || !result.invoice) throw new Error(`not booked: ${JSON.stringify(result)}`);
      booked.push({
        publicId: result.booking.publicId,
        reference: result.booking.reference ?? result.booking.publicId,
        invoicePublicId: result.invoice.publicId,
      });
    }
  }

  /** Renders a page as the pipeline would hand it over; answers its status and statement count. */
  async function render(
    page: Page,
    path: string,
    options: { params?: Record<string, string>; search?: string; user?: boolean; staff?: boolean } = {},
  ) {
    const counter = countQueries(database);
    const url = `http://klinik.localhost${path}${options.search ?? ''}`;
    const response = await container.renderToResponse(page, {
      params: options.params ?? {},
      request: new Request(url),
      locals: {
        tenant: klinik,
        db: counter.db,
        locale: 'en',
        t: translator('en'),
        origin: 'http://klinik.localhost',
        clientIp: '127.0.0.1',
        path,
        user: options.user ? customer : null,
        staff: options.staff ? member : null,
        embed: false,
        policy: routePolicy(path, new URLSearchParams(options.search ?? '')),
      } as unknown as App.Locals,
    });
    const html = await response.text();
    if (process.env.SHOW_QUERIES)
      console.log(
        path,
        counter.statements().map((q) => q.slice(0, 150)),
      );
    return { status: response.status, queries: counter.count(), html };
  }

  /** Every page under test, with the newest booking; its statement count. */
  async function countAll() {
    const last = booked.at(-1) as (typeof booked)[number];
    const pages = {
      invoice: await render(InvoicePage, `/invoices/${last.invoicePublicId}/appointment`, {
        params: { publicId: last.invoicePublicId },
      }),
      checkout: await render(CheckoutPage, `/appointment/${serviceSlug}/checkout`, {
        params: { id: serviceSlug },
        search: `?booking=${last.publicId}`,
      }),
      service: await render(ServicePage, `/appointment/${serviceSlug}`, { params: { id: serviceSlug } }),
      reschedule: await render(ServicePage, `/appointment/${serviceSlug}`, {
        params: { id: serviceSlug },
        search: `?reschedule=${last.publicId}`,
      }),
      invoices: await render(InvoiceListPage, '/invoices', { user: true }),
      account: await render(AccountPage, '/account', { user: true }),
      staffAppointments: await render(StaffAppointmentsPage, '/staff/appointments', { staff: true }),
      staffPayments: await render(StaffPaymentsPage, '/staff/payments', { staff: true }),
    };
    for (const [name, page] of Object.entries(pages)) expect(page.status, name).toBe(200);
    // The lists show every booking so far (so a query per row would show in the count).
    const shown = (html: string) =>
      booked.filter((b) => [b.reference, b.publicId, b.invoicePublicId].some((id) => html.includes(id))).length;
    for (const name of ['invoices', 'account', 'staffAppointments', 'staffPayments'] as const) {
      expect(shown(pages[name].html), name).toBe(booked.length);
    }
    return Object.fromEntries(Object.entries(pages).map(([name, page]) => [name, page.queries]));
  }

  it('runs a handful of queries per page, and no query per row', async () => {
    await book(1);
    const few = await countAll();
    await book(4);
    const more = await countAll();
    // More rows never mean more queries (a copy kept for display may even save one the second time).
    for (const [name, count] of Object.entries(more)) expect(count, name).toBeLessThanOrEqual(few[name] ?? 0);
    // Upper bounds, today's counts (issue 11: a handful per page).
    const bounds = {
      invoice: 3,
      checkout: 6,
      service: 4,
      reschedule: 5,
      invoices: 3,
      // Issue 14: the clinic's "Your points" section adds one (balances of all programmes in one query).
      // Issue 25: the appointments section counts its rows for its pages (one count, not a row each).
      account: 5,
      // Issue 25: the requests waiting for a decision come in pages, counted in SQL (one count).
      staffAppointments: 5,
      staffPayments: 3,
    };
    for (const [name, bound] of Object.entries(bounds)) expect(more[name], name).toBeLessThanOrEqual(bound);
  });
});
