import { describe, expect, it } from 'vitest';
import type { Tenant } from '#features/tenants/tenant.ts';
import type { Currency } from '#lib/money.ts';
import { pdfText as readPdfText } from '#scripts/pdf-text.mjs';
import type { InvoiceView } from '../invoice';
import { initials, invoicePdfFilename, publicInvoiceUrl, renderInvoicePdf } from './invoice-pdf.server';

const MYR: Currency = { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 };
const IDR: Currency = { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 };

function tenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'klinik',
    kind: 'clinic',
    name: 'Klinik Sihat Sdn. Bhd.',
    tagline: { en: 'Your family clinic', ms: 'Klinik keluarga anda', id: 'Klinik keluarga Anda' },
    registrationNo: '201901012345 (1234567-A)',
    address: 'No. 12, Jalan Bukit Bintang, 55100 Kuala Lumpur',
    phone: '+603-2141 1234',
    email: 'hello@kliniksihat.my',
    logoPath: '/demo/klinik-logo.svg',
    heroPath: '/demo/klinik-hero.svg',
    primaryHost: 'kliniksihat.my',
    currency: MYR,
    theme: 'light-blue',
    timeZone: 'Asia/Kuala_Lumpur',
    defaultLocale: 'en',
    pixels: { facebook: null, tiktok: null },
    analyticsSiteId: null,
    offers: { appointments: true, donations: false, loyalty: false, reviews: false },
    verifications: [],
    ...overrides,
  };
}

function invoice(overrides: Partial<InvoiceView> = {}): InvoiceView {
  const lines = overrides.lines ?? [
    {
      description: { en: 'Consultation', ms: 'Konsultasi', id: 'Konsultasi' },
      quantity: 1,
      unitAmount: 4550,
      amount: 4550,
      source: null,
    },
    {
      description: { en: 'Full blood count and lipid profile' },
      quantity: 2,
      unitAmount: 59_453,
      amount: 118_906,
      source: null,
    },
  ];
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const fee = overrides.fee ?? 0;
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    publicId: 'pub_7Hq2xK9',
    number: 42,
    displayNumber: 'INV-000042',
    kind: 'appointment',
    status: 'open',
    currency: MYR,
    subtotal,
    fee,
    total: subtotal + fee,
    contactName: 'Nur Aisyah binti Ahmad',
    contactPhone: '60123456789',
    contactEmail: 'aisyah@example.com',
    customerId: null,
    locale: 'en',
    // 22 Nov 2026 03:05PM in Kuala Lumpur (UTC+8).
    createdAt: new Date('2026-11-22T07:05:00Z'),
    dueAt: new Date('2026-11-29T16:30:00Z'),
    paidAt: null,
    ...overrides,
    lines,
  };
}

const latin1 = (pdf: Buffer) => pdf.toString('latin1');

/** Page objects, not the /Pages tree node. */
function pageCount(pdf: Buffer): number {
  return latin1(pdf).match(/\/Type \/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** A document-information entry; pdfkit writes each value as its own indirect string object. */
function info(pdf: Buffer, key: string): string | undefined {
  const raw = latin1(pdf);
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  if (!ref) return undefined;
  return new RegExp(`(?:^|\\n)${ref} 0 obj\\n\\((.*)\\)\\nendobj`).exec(raw)?.[1];
}

/** The text of the PDF (or of one page) as a reader sees it, whitespace collapsed. */
async function pdfText(pdf: Buffer, page?: number): Promise<string> {
  return (await readPdfText(pdf, page)).replace(/\s+/g, ' ');
}

describe('renderInvoicePdf: an open MYR invoice in English', () => {
  const input = {
    invoice: invoice(),
    tenant: tenant(),
    locale: 'en' as const,
    publicBaseUrl: 'https://kliniksihat.my/',
  };

  it('is a one-page PDF with metadata from the invoice', async () => {
    const pdf = await renderInvoicePdf(input, { compress: false });
    expect(latin1(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(info(pdf, 'Title')).toBe('Invoice INV-000042');
    expect(info(pdf, 'Author')).toBe('Klinik Sihat Sdn. Bhd.');
    expect(info(pdf, 'CreationDate')).toBe('D:20261122070500Z');
    const raw = latin1(pdf);
    expect(raw).toContain('/Lang (en-MY)');
    // The footer's address is a clickable link.
    expect(raw).toContain('/URI (https://kliniksihat.my/invoices/pub_7Hq2xK9/appointment)');
  });

  it('is byte-for-byte stable', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(input), renderInvoicePdf(input)]);
    expect(a.equals(b)).toBe(true);
  });

  it('compresses by default', async () => {
    const [compressed, plain] = await Promise.all([
      renderInvoicePdf(input),
      renderInvoicePdf(input, { compress: false }),
    ]);
    expect(latin1(compressed)).toContain('/FlateDecode');
    expect(latin1(plain)).not.toContain('/FlateDecode');
    expect(compressed.length).toBeLessThan(plain.length);
  });

  it(`shows the organisation, customer, dates, lines and totals`, async () => {
    const text = await pdfText(await renderInvoicePdf(input));
    for (const expected of [
      'INVOICE',
      'UNPAID',
      'Klinik Sihat Sdn. Bhd.',
      'Registration no. 201901012345 (1234567-A)',
      'No. 12, Jalan Bukit Bintang, 55100 Kuala Lumpur',
      '+603-2141 1234',
      'hello@kliniksihat.my',
      'INV-000042',
      'Billed to'.toUpperCase(),
      'Nur Aisyah binti Ahmad',
      '+60123456789',
      'aisyah@example.com',
      'Issue date 22 Nov 2026',
      // 16:30 UTC on the 29th is already the 30th in Kuala Lumpur.
      'Due date 30 Nov 2026',
      'DESCRIPTION',
      'Consultation 1 RM45.50 RM45.50',
      'Full blood count and lipid profile 2 RM594.53 RM1,189.06',
      'Subtotal RM1,234.56',
      'Total RM1,234.56',
      'This document was generated electronically.',
      'View online: https://kliniksihat.my/invoices/pub_7Hq2xK9/appointment',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('RECEIPT');
    expect(text).not.toContain('Paid on');
    // No fee was charged, so there is no fee row.
    expect(text).not.toContain('Transaction fee');
  });

  it(`leaves out the web address without a base URL`, async () => {
    const text = await pdfText(await renderInvoicePdf({ ...input, publicBaseUrl: undefined }));
    expect(text).toContain('This document was generated electronically.');
    expect(text).not.toContain('View online');
    expect(text).not.toContain('https://');
  });
});

describe('renderInvoicePdf: a paid IDR receipt in Indonesian', () => {
  const lines = [
    {
      description: { en: 'Monthly donation', id: 'Donasi bulanan' },
      quantity: 1,
      unitAmount: 1_500_000,
      amount: 1_500_000,
      source: null,
    },
  ];
  const input = {
    invoice: invoice({
      kind: 'donation',
      status: 'paid',
      currency: IDR,
      lines,
      fee: 4_500,
      contactPhone: '+62 812-3456-7890',
      dueAt: null,
      paidAt: new Date('2026-11-23T08:30:00Z'),
    }),
    tenant: tenant({ name: 'Yayasan Peduli', currency: IDR, theme: 'green', timeZone: 'Asia/Jakarta' }),
    locale: 'id' as const,
    publicBaseUrl: 'https://peduli.or.id',
  };

  it('is a one-page PDF titled as a receipt', async () => {
    const pdf = await renderInvoicePdf(input, { compress: false });
    expect(latin1(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(info(pdf, 'Title')).toBe('Kuitansi INV-000042');
    expect(info(pdf, 'Author')).toBe('Yayasan Peduli');
    expect(latin1(pdf)).toContain('/Lang (id-ID)');
  });

  it(`shows the Indonesian labels, whole-rupiah amounts and the fee`, async () => {
    const text = await pdfText(await renderInvoicePdf(input));
    for (const expected of [
      'KUITANSI',
      'LUNAS',
      'No. registrasi 201901012345 (1234567-A)',
      'DITAGIHKAN KEPADA',
      '+6281234567890',
      'No. faktur INV-000042',
      'Tanggal terbit 22 Nov 2026',
      // 08:30 UTC is 03:30PM in Jakarta (UTC+7).
      'Tanggal pembayaran 23/11/2026 pukul 15.30',
      'DESKRIPSI',
      'KUANTITAS',
      'HARGA SATUAN',
      'JUMLAH',
      'Donasi bulanan 1 Rp1.500.000 Rp1.500.000',
      'Subtotal Rp1.500.000',
      'Biaya transaksi Rp4.500',
      'Total Rp1.504.500',
      'Dokumen ini dibuat secara elektronik.',
      'Lihat secara online: https://peduli.or.id/id/invoices/pub_7Hq2xK9/donation',
      'Halaman 1 dari 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Jatuh tempo');
    expect(text).not.toContain('Rp1.500.000,');
  });
});

describe('renderInvoicePdf: 60 lines in Malay', () => {
  const lines = Array.from({ length: 60 }, (_, i) => ({
    description: {
      en: `Session ${i + 1}`,
      ms:
        i === 10
          ? 'Sesi fisioterapi lanjutan bersama pakar, termasuk penilaian semula, latihan di rumah dan laporan bertulis untuk doktor keluarga anda'
          : `Sesi ${i + 1}`,
    },
    quantity: 1,
    unitAmount: 12_000,
    amount: 12_000,
    source: null,
  }));
  const input = { invoice: invoice({ lines }), tenant: tenant({ theme: 'purple' }), locale: 'ms' as const };

  it('flows onto further pages', async () => {
    const pdf = await renderInvoicePdf(input, { compress: false });
    expect(latin1(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
    expect(info(pdf, 'Title')).toBe('Invois INV-000042');
  });

  it(`repeats the table header on every page and ends with the totals`, async () => {
    const pdf = await renderInvoicePdf(input);
    const pages = await Promise.all([1, 2, 3].map((page) => pdfText(pdf, page)));
    pages.forEach((text, i) => {
      expect(text).toContain('KETERANGAN');
      expect(text).toContain('KUANTITI');
      expect(text).toContain('HARGA SEUNIT');
      expect(text).toContain('AMAUN');
      expect(text).toContain('Dokumen ini dijana secara elektronik.');
      expect(text).toContain(`Halaman ${i + 1} daripada 3`);
    });
    expect(pages[0]).toContain('INVOIS');
    expect(pages[0]).toContain('BELUM DIBAYAR');
    expect(pages[0]).toContain('Tarikh akhir bayaran');
    expect(pages[1]).toContain('Invois INV-000042 (sambungan)');
    // The long description wraps within its column instead of running into the numbers.
    expect(pages[0]).toContain('Sesi fisioterapi lanjutan bersama pakar');
    expect(pages[0]).toContain('untuk doktor keluarga anda');

    const all = pages.join(' ');
    for (let i = 1; i <= 60; i++) {
      if (i !== 11) expect(all).toContain(`Sesi ${i} 1 RM120.00 RM120.00`);
    }
    expect(pages[2]).toContain('Jumlah kecil RM7,200.00');
    expect(pages[2]).toContain('Jumlah keseluruhan RM7,200.00');
  });
});

describe('invoicePdfFilename', () => {
  it('names an unpaid invoice by its number', () => {
    expect(invoicePdfFilename({ number: 42, status: 'open' }, 'en')).toBe('INV-000042.pdf');
    expect(invoicePdfFilename({ number: 42, status: 'void' }, 'ms')).toBe('INV-000042.pdf');
  });

  it('names a paid one as a receipt in the language', () => {
    expect(invoicePdfFilename({ number: 42, status: 'paid' }, 'en')).toBe('receipt-INV-000042.pdf');
    expect(invoicePdfFilename({ number: 42, status: 'paid' }, 'ms')).toBe('resit-INV-000042.pdf');
    expect(invoicePdfFilename({ number: 1_234_567, status: 'paid' }, 'id')).toBe('kuitansi-INV-1234567.pdf');
  });
});

describe('helpers', () => {
  it('makes initials for the logo block', () => {
    expect(initials('Klinik Sihat Sdn. Bhd.')).toBe('KS');
    expect(initials('yayasan')).toBe('Y');
    expect(initials('  ')).toBe('?');
  });

  it('builds the public address in the locale', () => {
    const inv = invoice();
    expect(publicInvoiceUrl('https://kliniksihat.my/', inv, 'en')).toBe(
      'https://kliniksihat.my/invoices/pub_7Hq2xK9/appointment',
    );
    expect(publicInvoiceUrl('https://kliniksihat.my', inv, 'ms')).toBe(
      'https://kliniksihat.my/ms/invoices/pub_7Hq2xK9/appointment',
    );
  });

  it('prints names in any script as typed (Vietnamese, Chinese, Turkish, Tamil) and reads them back', async () => {
    // Issue 23 #8: the standard fonts' WinAnsi turned this into "Nguyen Thi Ánh ?? Sükrü".
    for (const name of ['Nguyễn Thị Ánh 李明 Şükrü', 'முருகன்', '陈小明']) {
      const pdf = await renderInvoicePdf({
        invoice: invoice({ contactName: name, contactPhone: null, contactEmail: null }),
        tenant: tenant({ registrationNo: '' }),
        locale: 'en',
      });
      const text = await pdfText(pdf);
      expect(text).toContain(` ${name} `);
      // The fonts are embedded (subsets), never the standard Helvetica.
      expect(latin1(pdf)).not.toContain('/Helvetica');
      expect(latin1(pdf)).toContain('/FontFile2');
    }
  });

  it('keeps the plain letter and its accented form apart in one document (ị and i)', async () => {
    const pdf = await renderInvoicePdf({
      invoice: invoice({ contactName: 'Thị Linh Ị', contactPhone: null, contactEmail: null }),
      tenant: tenant(),
      locale: 'en',
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Thị Linh Ị');
    expect(text).toContain('Klinik Sihat');
  });
});
