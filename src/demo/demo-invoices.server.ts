import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { customers, tenantSettings, tenants } from '#db/schema/index.ts';
import { type CheckoutInput, startCheckout } from '#features/invoices/index.server.ts';

/** The demo customer of every tenant: log in with 012-345 6789 to see their invoices. */
export const DEMO_CUSTOMER_PHONE = '60123456789';

const DEMO_INVOICES: Record<string, Omit<CheckoutInput, 'tenantId' | 'currency' | 'customerId' | 'contact'>[]> = {
  klinik: [
    {
      kind: 'appointment',
      locale: 'en',
      lines: [
        {
          description: { en: 'General consultation', ms: 'Konsultasi am', id: 'Konsultasi umum' },
          quantity: 1,
          unitAmount: 6000,
        },
        {
          description: { en: 'Medication (3 days)', ms: 'Ubat (3 hari)', id: 'Obat (3 hari)' },
          quantity: 1,
          unitAmount: 2450,
        },
      ],
    },
    {
      kind: 'appointment',
      locale: 'en',
      lines: [
        {
          description: {
            en: 'Dental scaling and polishing',
            ms: 'Cuci gigi (scaling dan polishing)',
            id: 'Scaling dan pemolesan gigi',
          },
          quantity: 1,
          unitAmount: 15000,
        },
      ],
    },
  ],
  yayasan: [
    {
      kind: 'donation',
      locale: 'ms',
      lines: [
        {
          description: { en: 'Ramadan food baskets', ms: 'Bakul makanan Ramadan', id: 'Paket makanan Ramadan' },
          quantity: 2,
          unitAmount: 5000,
        },
      ],
    },
  ],
  peduli: [
    {
      kind: 'donation',
      locale: 'id',
      lines: [
        {
          description: {
            en: 'Clean water for Nusa Tenggara',
            ms: 'Air bersih untuk Nusa Tenggara',
            id: 'Air bersih untuk Nusa Tenggara',
          },
          quantity: 1,
          unitAmount: 250000,
        },
      ],
    },
  ],
};

export async function seedDemoInvoices(db: Db): Promise<void> {
  const rows = await db.select().from(tenants).innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id));
  for (const { tenants: tenant, tenant_settings: settings } of rows) {
    const [customer] = await db
      .insert(customers)
      .values({
        tenantId: tenant.id,
        name: 'Aisyah binti Omar',
        phone: DEMO_CUSTOMER_PHONE,
        email: 'aisyah@example.my',
        locale: settings.defaultLocale,
      })
      .returning();
    for (const invoice of DEMO_INVOICES[tenant.slug] ?? []) {
      await startCheckout(db, {
        ...invoice,
        tenantId: tenant.id,
        currency: {
          code: settings.currencyCode,
          symbol: settings.currencySymbol,
          multiplier: settings.currencyMultiplier,
          exponent: settings.currencyExponent,
        },
        customerId: customer?.id ?? null,
        contact: { name: 'Aisyah binti Omar', phone: DEMO_CUSTOMER_PHONE, email: 'aisyah@example.my' },
      });
    }
  }
}
