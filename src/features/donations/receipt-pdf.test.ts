import { describe, expect, it } from 'vitest';
import { pdfText as readPdfText } from '#scripts/pdf-text.mjs';
import { addressLines, type ReceiptPdfInput, renderReceiptPdf } from './receipt-pdf.server';

const pdfText = async (bytes: Uint8Array) => (await readPdfText(bytes)).replace(/\s+/g, ' ');

const input: ReceiptPdfInput = {
  tenant: {
    name: 'Yayasan Kasih Ummah',
    address: 'No. 8, Jalan Ampang, 50450 Kuala Lumpur',
    phone: '+603-2161 0000',
    email: 'derma@kasihummah.org.my',
    currency: { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 },
  },
  locale: 'ms',
  number: '2026-000042',
  issuedOn: '2026-11-23',
  donorName: 'Siti Aminah',
  taxId: '800101-14-5566',
  donorAddress: ['No. 3, Jalan Melati 2', 'Taman Sri Kajang', '43000 Kajang', 'Selangor', 'Malaysia'],
  approvalRef: 'LHDN.01/35/42/51/179-6.7311',
  registrationNumber: 'PPM-016-10-14032008',
  campaign: 'Pek makanan bulanan',
  instalment: { seq: 2, count: 6 },
  amountMinor: 3000,
  feeMinor: 106,
  createdAt: new Date('2026-11-23T02:00:00Z'),
  officer: { name: 'Hajah Rohani binti Ismail', title: 'Pengurus Kewangan' },
};

describe('the donation receipt PDF', () => {
  it("prints the number, the day cleared, the gift and the fee apart, and the s.44(6) part in the donor's language", async () => {
    const text = await pdfText(await renderReceiptPdf(input, { compress: false }));
    for (const part of [
      'Resit derma',
      '2026-000042',
      '23 Nov 2026',
      'Siti Aminah',
      '800101-14-5566',
      'No. pendaftaran PPM-016-10-14032008',
      'Sumbangan 2 daripada 6',
      'RM30.00',
      'RM1.06',
      'RM31.06',
      'Kelulusan pengecualian cukai: LHDN.01/35/42/51/179-6.7311',
      '44(6)',
    ]) {
      expect(text, part).toContain(part);
    }
  });

  it('leaves the tax part out where the gift is not deductible, and is the same bytes each time', async () => {
    const plain = { ...input, locale: 'en' as const, taxId: null, approvalRef: null, feeMinor: 0 };
    const text = await pdfText(await renderReceiptPdf(plain, { compress: false }));
    expect(text).toContain('Donation receipt');
    expect(text).not.toContain('44(6)');
    expect(text).not.toContain('800101');
    expect(text).not.toContain('Payment fee');
    expect(await renderReceiptPdf(plain)).toEqual(await renderReceiptPdf(plain));
  });

  it("prints the s.44(6) receipt's other parts: the donor's address, the gift in words and the authorised officer", async () => {
    // Issue 23 #7: the address, the amount in words (ms and en) and the officer's name/signature line.
    const ms = await pdfText(await renderReceiptPdf(input));
    for (const part of [
      'Alamat No. 3, Jalan Melati 2 Taman Sri Kajang 43000 Kajang Selangor Malaysia',
      'Sumbangan dalam perkataan Ringgit Malaysia Tiga Puluh Sahaja',
      'Hajah Rohani binti Ismail Pengurus Kewangan Pegawai yang diberi kuasa',
    ]) {
      expect(ms, part).toContain(part);
    }
    const en = await pdfText(await renderReceiptPdf({ ...input, locale: 'en', amountMinor: 5025 }));
    for (const part of [
      'Address No. 3, Jalan Melati 2',
      'Gift in words Ringgit Malaysia Fifty And Cents Twenty-Five Only',
      'Hajah Rohani binti Ismail Pengurus Kewangan Authorised officer',
    ]) {
      expect(en, part).toContain(part);
    }
  });

  it('prints a name in any script as typed (Vietnamese, Chinese, Turkish, Tamil) and reads it back', async () => {
    // Issue 23 #8: Helvetica's WinAnsi printed "NguyÅn ThË Ánh gNf ïÆ· ü".
    for (const donorName of ['Nguyễn Thị Ánh 李明 Şükrü', 'முருகன்']) {
      const text = await pdfText(await renderReceiptPdf({ ...input, donorName }));
      expect(text).toContain(`Diterima daripada ${donorName} `);
    }
  });

  it('leaves out the address and the words where there are none (no address given, not ringgit)', async () => {
    const rupiah = { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 };
    const text = await pdfText(
      await renderReceiptPdf({
        ...input,
        locale: 'id',
        donorAddress: [],
        tenant: { ...input.tenant, currency: rupiah },
        officer: { name: null, title: null },
      }),
    );
    expect(text).not.toContain('Alamat');
    expect(text).not.toContain('Ringgit');
    expect(text).toContain('Petugas yang berwenang');
  });
});

describe('addressLines', () => {
  it('prints line 1, line 2, postcode and city, state and country', () => {
    expect(
      addressLines({
        line1: 'No. 3, Jalan Melati 2',
        postcode: '43000',
        city: 'Kajang',
        state: 'Selangor',
        country: 'Malaysia',
      }),
    ).toEqual(['No. 3, Jalan Melati 2', '43000 Kajang', 'Selangor', 'Malaysia']);
  });
});
