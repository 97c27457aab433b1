// Issue 23 #7/#8: what the donor typed on the form (a name in three scripts, their address) reaches the
// s.44(6) receipt they open from its signed link, with the tenant's authorised officer and the gift in words.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donationReceipts, donations, rateLimits } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants } from '#features/tenants/index.server.ts';
import { pdfText } from '#scripts/pdf-text.mjs';
import { linkToken } from './manage-link.server';
import { receiptPdfFor } from './receipt-pdf.server';
import { checkoutToInvoice, insertTestCampaign, payInSandbox, testDonor } from './test-support';
import { aFoundationSuite } from './test-support.ts';

composeApp();

const NOW = new Date('2026-11-23T02:00:00Z');
const NAME = 'Nguyễn Thị Ánh 李明 Şükrü';

describe.each(testDatabaseKinds)('the donation receipt a donor opens, on %s', (kind) => {
  const suite = aFoundationSuite(kind);

  beforeAll(async () => {
    await suite.db.delete(rateLimits);
    forgetCachedTenants();
  });

  it("carries the donor's name as typed, their address, the gift in words and the authorised officer", async () => {
    const db = suite.db;
    const campaign = await insertTestCampaign(db, suite.yayasan.id);
    const invoice = await checkoutToInvoice(db, {
      tenant: suite.yayasan,
      lines: [{ campaignId: campaign.id, amountMinor: 5025, type: 'one-time', coverFees: false }],
      donor: testDonor({
        name: NAME,
        taxReceipt: true,
        taxId: '800101-14-5566',
        address: {
          line1: 'No. 3, Jalan Melati 2',
          line2: 'Taman Sri Kajang',
          postcode: '43000',
          city: 'Kajang',
          state: 'Selangor',
          country: 'Malaysia',
        },
      }),
      locale: 'ms',
      clientIp: '198.51.100.77',
      now: NOW,
    });
    await payInSandbox(db, {
      tenant: suite.yayasan,
      invoice,
      method: 'fpx',
      ip: '198.51.100.78',
      now: NOW,
    });

    const [gift] = await db.select().from(donations).where(eq(donations.invoiceId, invoice.id));
    const [receipt] = await db
      .select()
      .from(donationReceipts)
      .where(eq(donationReceipts.donationId, gift?.id ?? ''));
    if (!receipt) throw new Error('no receipt');
    const pdf = await receiptPdfFor(db, {
      tenant: suite.yayasan,
      token: `${linkToken('receipt', suite.yayasan.id, receipt.id)}.pdf`,
    });
    if (!pdf) throw new Error('no pdf');
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    for (const part of [
      `Diterima daripada ${NAME} `,
      'Alamat No. 3, Jalan Melati 2 Taman Sri Kajang 43000 Kajang Selangor Malaysia',
      '800101-14-5566',
      'Sumbangan dalam perkataan Ringgit Malaysia Lima Puluh Dan Sen Dua Puluh Lima Sahaja',
      'Kelulusan pengecualian cukai: LHDN.01/35/42/51/179-6.7061',
      '44(6)',
      // The demo foundation's officer (tenant settings).
      'Hajah Rohani binti Ismail Pengurus Kewangan Pegawai yang diberi kuasa',
      '23 Nov 2026',
    ]) {
      expect(text, part).toContain(part);
    }
  });
});
