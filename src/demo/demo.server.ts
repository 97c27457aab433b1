import type { Db } from '#db/client.server.ts';
import {
  domainVerifications,
  postcodes,
  staff,
  tenantHosts,
  tenantPaymentMethods,
  tenantSettings,
  tenants,
} from '#db/schema/index.ts';
import { malaysianPostcodes } from '#db/seed/postcodes.ts';
import { DEMO_TENANTS, type DemoTenant } from '#db/seed/tenants.ts';
import { hashPassword } from '#features/auth/index.server.ts';
import { seedDemoCatalogue } from './demo-catalogue.server';
import { seedDemoDonations } from './demo-donations.server';
import { seedDemoFundraisers } from './demo-fundraisers.server';
import { seedDemoInvoices } from './demo-invoices.server';
import { seedDemoLoyalty } from './demo-loyalty.server';
import { seedDemoQueue } from './demo-queue.server';
import { seedDemoReviews } from './demo-reviews.server';

/**
 * One demo organisation without its catalogue, gifts or history: the tenant, its settings, hosts,
 * verifications, payment methods and staff (a staff member without a hash in `passwordHashes`
 * cannot log in). Integration tests build on it (features/tenants/test-support.ts).
 */
export async function insertDemoTenant(
  db: Db,
  demo: DemoTenant,
  passwordHashes: ReadonlyMap<string, string> = new Map(),
): Promise<string> {
  const [tenant] = await db
    .insert(tenants)
    .values({
      slug: demo.slug,
      kind: demo.kind,
      name: demo.name,
      tagline: demo.tagline,
      registrationNo: demo.registrationNo,
      address: demo.address,
      phone: demo.phone,
      email: demo.email,
      logoPath: `/demo/${demo.slug}-logo.svg`,
      heroPath: `/demo/${demo.slug}-hero.svg`,
    })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error(`could not create tenant ${demo.slug}`);
  await db.insert(tenantSettings).values({ tenantId: tenant.id, ...demo.settings });
  await db.insert(tenantHosts).values(demo.hosts.map((h) => ({ ...h, tenantId: tenant.id })));
  if (demo.verifications.length > 0) {
    await db.insert(domainVerifications).values(demo.verifications.map((v) => ({ ...v, tenantId: tenant.id })));
  }
  await db.insert(tenantPaymentMethods).values(demo.paymentMethods.map((m) => ({ ...m, tenantId: tenant.id })));
  await db.insert(staff).values(
    demo.staff.map(({ password: _password, ...member }) => ({
      ...member,
      tenantId: tenant.id,
      passwordHash: passwordHashes.get(member.email) ?? null,
    })),
  );
  return tenant.id;
}

/** Fills an empty database with the demo organisations and the postcode table. */
export async function seedDemo(db: Db): Promise<void> {
  // Hash outside the transaction: scrypt is slow on purpose.
  const passwordHashes = new Map<string, string>();
  for (const demo of DEMO_TENANTS) {
    for (const member of demo.staff) passwordHashes.set(member.email, await hashPassword(member.password));
  }
  await db.transaction(async (tx) => {
    for (const demo of DEMO_TENANTS) await insertDemoTenant(tx, demo, passwordHashes);
    const rows = malaysianPostcodes();
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(postcodes)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  });
  await seedDemoInvoices(db);
  await seedDemoCatalogue(db);
  await seedDemoDonations(db);
  await seedDemoReviews(db);
  await seedDemoQueue(db);
  await seedDemoFundraisers(db);
  await seedDemoLoyalty(db);
}
