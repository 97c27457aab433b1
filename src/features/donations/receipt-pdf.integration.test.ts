// Issue 23 #7/#8: what the donor typed on the form (a name in three scripts, their address) reaches the
// s.44(6) receipt they open from its signed link, with the tenant's authorised officer and the gift in words.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donationReceipts, donations, rateLimits } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { pdfText } from '#scripts/pdf-text.mjs';
import { startDonationCheckout } from './checkout.server';
import { linkToken } from './manage-link.server';
import { receiptPdfFor } from './receipt-pdf.server';
import { insertTestCampaign, payInSandbox, testDonor } from './test-support';
import { aFoundation } from './test-support.ts';

composeApp();

const NOW = new Date('2026-11-23T02:00:00Z');
const NAME = 'Nguyễn Thị Ánh 李明 Şükrü';

describe.each(testDatabaseKinds)('the donation receipt a donor opens, on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.delete(rateLimits);
    forgetCachedTenants();
    yayasan = await aFoundation(database.db, 'yayasan');
  }, 180_000);
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it("carries the donor's name as typed, their address, the gift in words and the authorised officer", async () => {
    const db = database.db;
    const campaign = await insertTestCampaign(db, yayasan.id);
    const result = await startDonationCheckout(db, {
      tenant: yayasan,
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
      customerId: null,
      locale: 'ms',
      clientIp: '198.51.100.77',
      now: NOW,
    });
    if (!result.ok) throw new Error(result.reason);
    const invoice = await invoiceByPublicId(db, yayasan, result.invoicePublicId);
    if (!invoice) throw new Error('no invoice');
    await payInSandbox(db, {
      tenant: yayasan,
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
      tenant: yayasan,
      token: `${linkToken('receipt', yayasan.id, receipt.id)}.pdf`,
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
