// Sizes and render times of the two PDFs (invoice, donation receipt), for a Latin name and for a
// name in several scripts. Run: npx tsx scripts/pdf-bench.ts
import { renderReceiptPdf } from '#features/donations/receipt-pdf.server.ts';
import type { InvoiceView } from '#features/invoices/invoice.ts';
import { renderInvoicePdf } from '#features/invoices/pdf/invoice-pdf.server.ts';
import type { Tenant } from '#features/tenants/tenant.ts';

const MYR = { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 };
const tenant = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'yayasan',
  kind: 'donation',
  name: 'Yayasan Kasih Ummah',
  tagline: { en: '', ms: '', id: '' },
  registrationNo: 'PPM-016-10-14032008',
  address: 'No. 8, Jalan Ampang, 50450 Kuala Lumpur',
  phone: '+603-2161 0000',
  email: 'derma@kasihummah.org.my',
  logoPath: '',
  heroPath: '',
  primaryHost: 'kasihummah.org.my',
  currency: MYR,
  theme: 'green',
  timeZone: 'Asia/Kuala_Lumpur',
  defaultLocale: 'ms',
  pixels: { facebook: null, tiktok: null },
  analyticsSiteId: null,
  offers: { appointments: false, donations: true, loyalty: false, reviews: false },
  verifications: [],
} as unknown as Tenant;

function invoice(name: string): InvoiceView {
  return {
    id: 'i',
    publicId: 'pub_7Hq2xK9',
    number: 42,
    kind: 'donation',
    status: 'paid',
    currency: MYR,
    subtotal: 5000,
    fee: 0,
    total: 5000,
    contactName: name,
    contactPhone: '60123456789',
    contactEmail: 'donor@example.com',
    locale: 'ms',
    createdAt: new Date('2026-11-22T07:05:00Z'),
    dueAt: null,
    paidAt: new Date('2026-11-22T07:06:00Z'),
    lines: [
      {
        description: { en: 'Food packs', ms: 'Pek makanan' },
        quantity: 1,
        unitAmount: 5000,
        amount: 5000,
        source: null,
      },
    ],
  } as unknown as InvoiceView;
}

function receipt(name: string) {
  return {
    tenant,
    locale: 'ms' as const,
    number: '2026-000042',
    issuedOn: '2026-11-23',
    donorName: name,
    taxId: '800101-14-5566',
    approvalRef: 'LHDN.01/35/42/51/179-6.7311',
    registrationNumber: 'PPM-016-10-14032008',
    campaign: 'Pek makanan bulanan',
    instalment: null,
    amountMinor: 5000,
    feeMinor: 0,
    createdAt: new Date('2026-11-23T02:00:00Z'),
    donorAddress: ['No. 3, Jalan Melati 2', '43000 Kajang', 'Selangor', 'Malaysia'],
    officer: { name: 'Hajah Rohani binti Ismail', title: 'Pengurus Kewangan' },
  };
}

async function time(label: string, render: () => Promise<Buffer>): Promise<void> {
  const first = performance.now();
  const bytes = await render();
  const firstMs = performance.now() - first;
  const runs = 20;
  const start = performance.now();
  for (let i = 0; i < runs; i++) await render();
  const each = (performance.now() - start) / runs;
  console.log(
    `${label.padEnd(34)} ${String(bytes.length).padStart(7)} bytes  first ${firstMs.toFixed(0).padStart(4)} ms  then ${each.toFixed(1).padStart(5)} ms`,
  );
}

for (const [kind, name] of [
  ['latin', 'Siti Aminah binti Yusof'],
  ['mixed', 'Nguyễn Thị Ánh 李明 Şükrü முருகன்'],
] as const) {
  await time(`invoice (${kind})`, () => renderInvoicePdf({ invoice: invoice(name), tenant, locale: 'ms' }));
  // biome-ignore lint/suspicious/noExplicitAny: the input grows with the fix; the bench runs before and after it.
  await time(`receipt (${kind})`, () => renderReceiptPdf(receipt(name) as any));
}
