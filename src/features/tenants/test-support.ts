// Test factories: one demo organisation at a time, bare (no catalogue, gifts or history), so an
// integration suite builds only what it asserts on instead of the whole demo (issue 24).
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { staff } from '#db/schema/index.ts';
import { DEMO_TENANTS } from '#db/seed/tenants.ts';
import { insertDemoTenant } from '#demo/demo.server.ts';
import { hashPassword } from '#features/auth/index.server.ts';
import type { StaffRole } from '#features/auth/index.ts';
import { forgetCachedTenants, resolveTenant } from './index.server.ts';
import type { Tenant } from './index.ts';

/** The demo organisations: a clinic, and two foundations (peduli also runs a loyalty programme). */
export type DemoSlug = 'klinik' | 'yayasan' | 'peduli';

/**
 * A tenant shaped like the demo organisation `slug` (its name, settings, hosts `<slug>.localhost`
 * and others, payment methods and staff), as `resolveTenant` answers it. Staff get their demo
 * passwords only with `passwords: true` (hashing is slow on purpose).
 */
export async function aTenant(db: Db, slug: DemoSlug, options: { passwords?: boolean } = {}): Promise<Tenant> {
  const demo = DEMO_TENANTS.find((t) => t.slug === slug);
  if (!demo) throw new Error(`no demo tenant ${slug}`);
  const hashes = new Map<string, string>();
  if (options.passwords) {
    for (const member of demo.staff) hashes.set(member.email, await hashPassword(member.password));
  }
  await insertDemoTenant(db, demo, hashes);
  forgetCachedTenants();
  const tenant = await resolveTenant(db, `${slug}.localhost`);
  if (!tenant) throw new Error(`tenant ${slug} not resolved`);
  return tenant;
}

/** The id of the tenant's first staff member of `role` (any role when not given). */
export async function aStaffMemberId(db: Db, tenantId: string, role?: StaffRole): Promise<string> {
  const [member] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(role ? and(eq(staff.tenantId, tenantId), eq(staff.role, role)) : eq(staff.tenantId, tenantId));
  if (!member) throw new Error('no staff member');
  return member.id;
}
