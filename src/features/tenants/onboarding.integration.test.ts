import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/preact/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox, staff, tenantHosts, tenantPaymentMethods, tenants } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { acceptInvite, invitationFor } from '#features/auth/index.server.ts';
import type { Locale } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { routePolicy } from '#pipeline/route-policy.ts';
import { runAfterCommit } from '#server/events/index.ts';
import {
  addTenantHost,
  createTenant,
  forgetCachedTenants,
  listTenants,
  removeTenantHost,
  resolveTenant,
  setTenantDisabled,
  setupStatusOf,
  type Tenant,
  type TenantChange,
} from './index.server.ts';
import type { NewTenantInput } from './index.ts';

composeApp();

const klinik: NewTenantInput = {
  name: 'Klinik Example',
  kind: 'clinic',
  hosts: ['klinik-example.localhost', 'klinik.example.my'],
  currency: 'MYR',
  language: 'ms',
  timeZone: 'Asia/Kuala_Lumpur',
  owner: 'owner@example.my',
  ownerName: 'Dr. Aina',
};
const peduli: NewTenantInput = {
  name: 'Yayasan Peduli Contoh',
  kind: 'foundation',
  hosts: ['peduli.example.id'],
  currency: 'IDR',
  language: 'id',
  timeZone: 'Asia/Jakarta',
  owner: 'ketua@peduli.example.id',
};

// Loaded by path: TypeScript has no types for .astro files outside `astro check`.
const homePage = '../../pages/index.astro';
const HomePage = ((await import(/* @vite-ignore */ homePage)) as { default: AstroComponentFactory }).default;

/** Applies a change's after-commit work, as the server does after the use case returns. */
async function applied(change: Promise<TenantChange>): Promise<TenantChange> {
  const result = await change;
  if (result.ok)
    await runAfterCommit(result.after, (error) => {
      throw error;
    });
  return result;
}

describe.each(testDatabaseKinds)('onboarding an organisation on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    forgetCachedTenants();
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  async function rowCounts() {
    const n = async (table: typeof tenants | typeof tenantHosts | typeof staff | typeof outbox) =>
      (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return { tenants: await n(tenants), hosts: await n(tenantHosts), staff: await n(staff), outbox: await n(outbox) };
  }

  it('creates a clinic with its defaults, its hosts and its owner invited as /staff/team does', async () => {
    const created = await createTenant(database.db, klinik, { port: 4321 });
    if (!created.ok) throw new Error(JSON.stringify(created.problems));
    expect(created.owner.link).toMatch(/^http:\/\/klinik-example\.localhost:4321\/staff\/invite\/[\w-]{40,}$/);

    const tenant = (await resolveTenant(database.db, 'klinik.example.my')) as Tenant;
    expect(tenant).toMatchObject({
      slug: 'klinik-example',
      kind: 'clinic',
      name: 'Klinik Example',
      primaryHost: 'klinik-example.localhost',
      currency: { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 },
      theme: 'black',
      timeZone: 'Asia/Kuala_Lumpur',
      defaultLocale: 'ms',
      offers: { appointments: true, donations: false, loyalty: false, reviews: false, queue: false },
      pixels: { facebook: null, tiktok: null },
    });
    const methods = await database.db
      .select()
      .from(tenantPaymentMethods)
      .where(eq(tenantPaymentMethods.tenantId, tenant.id));
    expect(methods.map((m) => [m.method, m.enabled])).toEqual([['counter', true]]);
    expect(methods[0]?.instructions).toEqual({
      en: 'Pay at our counter. Show this invoice number.',
      ms: 'Bayar di kaunter kami. Tunjukkan nombor invois ini.',
      id: 'Bayar di konter kami. Tunjukkan nomor tagihan ini.',
    });

    const [mail] = await database.db.select().from(outbox).where(eq(outbox.tenantId, tenant.id));
    expect(mail).toMatchObject({
      channel: 'email',
      destination: 'owner@example.my',
      template: 'staff-invite',
      locale: 'ms',
    });
    expect(mail?.payload).toMatchObject({ organisation: 'Klinik Example', name: 'Dr. Aina', link: created.owner.link });

    // The link's token is the one the invitation page accepts.
    const token = created.owner.link.split('/').at(-1) as string;
    expect((await invitationFor(database.db, tenant.id, token))?.role).toBe('owner');
    const owner = await acceptInvite(database.db, { tenantId: tenant.id, token, password: 'a good long password' });
    expect(owner).toMatchObject({ email: 'owner@example.my', role: 'owner', inviteTokenHash: null });
    expect(owner?.passwordHash).toBeTruthy();
    expect(await invitationFor(database.db, tenant.id, token)).toBeNull();
  });

  it('creates a foundation in rupiah, without decimals', async () => {
    const created = await createTenant(database.db, peduli);
    if (!created.ok) throw new Error(JSON.stringify(created.problems));
    expect(created.owner.link).toMatch(/^https:\/\/peduli\.example\.id\/staff\/invite\//);
    expect(created.tenant).toMatchObject({
      kind: 'donation',
      currency: { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 },
      defaultLocale: 'id',
      timeZone: 'Asia/Jakarta',
      offers: { appointments: false, donations: true },
    });
  });

  it('creates nothing for wrong input, a taken slug or a taken host', async () => {
    const before = await rowCounts();
    const wrong = await createTenant(database.db, { ...klinik, name: 'Other', hosts: ['not a host'], currency: 'USD' });
    expect(!wrong.ok && wrong.problems.map((p) => p.key)).toEqual([
      'tenant.error.hostInvalid',
      'tenant.error.currencyInvalid',
    ]);
    const taken = await createTenant(database.db, { ...klinik, hosts: ['fresh.example.my', 'KLINIK.example.my'] });
    expect(!taken.ok && taken.problems.map((p) => [p.key, p.value])).toEqual([
      ['tenant.error.slugTaken', 'klinik-example'],
      ['tenant.error.hostTaken', 'klinik.example.my'],
    ]);
    expect(await rowCounts()).toEqual(before);
    expect(await resolveTenant(database.db, 'fresh.example.my')).toBeNull();
  });

  it('lists the organisations with their hosts, primary first', async () => {
    const listed = await listTenants(database.db);
    expect(listed.map((t) => [t.slug, t.kind, t.currency, t.language, t.hosts, t.disabledAt])).toEqual([
      ['klinik-example', 'clinic', 'MYR', 'ms', ['klinik-example.localhost', 'klinik.example.my'], null],
      ['yayasan-peduli-contoh', 'donation', 'IDR', 'id', ['peduli.example.id'], null],
    ]);
  });

  it('adds and removes host names, keeping one and a primary', async () => {
    expect(await resolveTenant(database.db, 'www.klinik.example.my')).toBeNull();
    const added = await applied(addTenantHost(database.db, 'klinik-example', 'WWW.Klinik.Example.my'));
    expect(added.ok).toBe(true);
    // The "no tenant here" answer cached a moment ago is forgotten with the change.
    expect((await resolveTenant(database.db, 'www.klinik.example.my'))?.slug).toBe('klinik-example');

    const refusals = [
      await addTenantHost(database.db, 'klinik-example', 'peduli.example.id'),
      await addTenantHost(database.db, 'klinik-example', 'http://x.my'),
      await addTenantHost(database.db, 'nobody', 'x.example.my'),
      await removeTenantHost(database.db, 'peduli.example.id', 'peduli.example.id'),
      await removeTenantHost(database.db, 'klinik-example', 'peduli.example.id'),
    ];
    expect(refusals.map((r) => !r.ok && r.problems[0]?.key)).toEqual([
      'tenant.error.hostTaken',
      'tenant.error.hostInvalid',
      'tenant.error.notFound',
      'tenant.error.lastHost',
      'tenant.error.hostNotFound',
    ]);

    // The primary host goes: the next by name becomes the canonical one.
    expect((await applied(removeTenantHost(database.db, 'klinik.example.my', 'klinik-example.localhost'))).ok).toBe(
      true,
    );
    const tenant = await resolveTenant(database.db, 'klinik.example.my');
    expect(tenant?.primaryHost).toBe('klinik.example.my');
    expect(await resolveTenant(database.db, 'klinik-example.localhost')).toBeNull();
  });

  it('disables an organisation: its hosts answer like unknown ones, cached or not, until enabled', async () => {
    expect(await resolveTenant(database.db, 'peduli.example.id')).not.toBeNull();
    const disabled = await applied(setTenantDisabled(database.db, 'peduli.example.id', true));
    expect(disabled.ok && disabled.tenant.slug).toBe('yayasan-peduli-contoh');
    expect(await resolveTenant(database.db, 'peduli.example.id')).toBeNull();
    expect((await listTenants(database.db)).find((t) => t.slug === 'yayasan-peduli-contoh')?.disabledAt).toBeInstanceOf(
      Date,
    );
    expect((await applied(setTenantDisabled(database.db, 'yayasan-peduli-contoh', false))).ok).toBe(true);
    expect((await resolveTenant(database.db, 'peduli.example.id'))?.slug).toBe('yayasan-peduli-contoh');
  });

  it('tells its staff what is set up and what is not yet', async () => {
    const tenant = (await resolveTenant(database.db, 'klinik.example.my')) as Tenant;
    const status = await setupStatusOf(database.db, tenant, translator('en'));
    expect(status.readyForVisitors).toBe(false);
    expect(status.items.map((i) => [i.key, i.done])).toEqual([
      ['services', false],
      ['practitioners', false],
      ['hours', false],
      ['paymentMethods', true],
      ['team', false],
      ['contact', false],
    ]);
    expect(translator('en')(status.items[3]?.label ?? 'error.request', status.items[3]?.params)).toBe(
      'Payment methods on: at the counter',
    );
  });

  it.each([
    ['en', 'Coming soon'],
    ['ms', 'Akan datang'],
    ['id', 'Segera hadir'],
  ] as [Locale, string][])('renders the empty home page in %s: coming soon, no offers', async (locale, title) => {
    const tenant = (await resolveTenant(database.db, 'klinik.example.my')) as Tenant;
    const container = await AstroContainer.create({ renderers: await loadRenderers([getContainerRenderer()]) });
    const response = await container.renderToResponse(HomePage, {
      request: new Request('http://klinik.example.my/'),
      locals: {
        tenant,
        db: database.db,
        locale,
        t: translator(locale),
        origin: 'https://klinik.example.my',
        clientIp: '127.0.0.1',
        path: '/',
        user: null,
        staff: null,
        embed: false,
        policy: routePolicy('/', new URLSearchParams()),
      } as unknown as App.Locals,
    });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(title);
    expect(html).toContain('data-coming-soon');
    expect(html).not.toContain('data-offer=');
    expect(html).not.toContain('contact-heading');
  });
});
