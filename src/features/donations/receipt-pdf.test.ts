import { describe, expect, it } from 'vitest';
import { pdfText as readPdfText } from '../../../scripts/pdf-text.mjs';
import { type ReceiptPdfInput, renderReceiptPdf } from './receipt-pdf.server';

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
  approvalRef: 'LHDN.01/35/42/51/179-6.7311',
  registrationNumber: 'PPM-016-10-14032008',
  campaign: 'Pek makanan bulanan',
  instalment: { seq: 2, count: 6 },
  amountMinor: 3000,
  feeMinor: 106,
  createdAt: new Date('2026-11-23T02:00:00Z'),
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
});
