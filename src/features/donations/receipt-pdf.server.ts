// A donation receipt as an A4 PDF (pdfkit's standard Helvetica, like the invoice PDF): the
// organisation and its registration number, the receipt's number and the day the money cleared,
// the donor, the gift and — apart — the fee they covered; where the gift is tax-deductible the
// approval reference, the donor's identity number and the s.44(6) statement. Deterministic:
// the PDF's dates are the receipt's own.
import PDFDocument from 'pdfkit';
import type { Db } from '#db/client.server';
import { type Locale, localized } from '#i18n/locales';
import { translator } from '#i18n/t';
import { formatDate } from '#lib/dates';
import { formatMoney } from '#lib/money';
import type { Tenant } from '../tenants';
import { openLink } from './manage-link.server';
import { findPlan } from './plan-repo.server';
import { displayReceiptNumber } from './receipt-number';
import { receiptDetails, receiptSettings } from './receipt-repo.server';

const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
const TEXT = '#111827';
const MUTED = '#6b7280';
const BORDER = '#e5e7eb';

export interface ReceiptPdf {
  bytes: Buffer;
  filename: string;
}

/**
 * The receipt a token opens for this tenant, in the donor's language (the one they gave in),
 * or null (the route answers 404).
 */
export async function receiptPdfFor(db: Db, input: { tenant: Tenant; token: string }): Promise<ReceiptPdf | null> {
  const id = openLink('receipt', input.tenant.id, input.token.replace(/\.pdf$/, ''));
  if (!id) return null;
  const details = await receiptDetails(db, input.tenant.id, id);
  if (!details) return null;
  const settings = await receiptSettings(db, input.tenant.id);
  const plan = details.donation.planId ? await findPlan(db, input.tenant.id, details.donation.planId) : null;
  const locale: Locale = (['en', 'ms', 'id'] as const).find((l) => l === details.donation.locale) ?? 'en';
  const number = displayReceiptNumber(details.receipt.year, details.receipt.number);
  const bytes = await renderReceiptPdf({
    tenant: input.tenant,
    locale,
    number,
    issuedOn: details.receipt.issuedOn,
    donorName: details.receipt.donorName,
    taxId: details.receipt.taxId,
    approvalRef: details.receipt.approvalRef,
    registrationNumber: settings.registrationNumber || input.tenant.registrationNo || null,
    campaign: localized(details.campaignTitle, locale),
    instalment:
      plan && details.donation.instalmentSeq ? { seq: details.donation.instalmentSeq, count: plan.count } : null,
    amountMinor: details.receipt.amountMinor,
    feeMinor: details.receipt.feeMinor,
    createdAt: details.receipt.createdAt,
  });
  return { bytes, filename: `receipt-${number}.pdf` };
}

export interface ReceiptPdfInput {
  tenant: Pick<Tenant, 'name' | 'address' | 'phone' | 'email' | 'currency'>;
  locale: Locale;
  number: string;
  issuedOn: string;
  donorName: string;
  taxId: string | null;
  approvalRef: string | null;
  registrationNumber: string | null;
  campaign: string;
  instalment: { seq: number; count: number } | null;
  amountMinor: number;
  feeMinor: number;
  createdAt: Date;
}

export function renderReceiptPdf(input: ReceiptPdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = translator(input.locale);
  const money = (minor: number) => formatMoney(minor, input.tenant.currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `${t('donation.receipt.title')} ${input.number}`,
      Author: input.tenant.name,
      CreationDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The organisation.
  doc.fillColor(TEXT).font('Helvetica-Bold').fontSize(18).text(input.tenant.name, LEFT, 50, { width: WIDTH });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (input.registrationNumber) doc.text(t('donation.receipt.registration', { number: input.registrationNumber }));
  for (const line of [input.tenant.address, [input.tenant.phone, input.tenant.email].filter(Boolean).join(' · ')]) {
    if (line) doc.text(line, { width: WIDTH });
  }

  // Title, number and date.
  doc.moveDown(1.5).fillColor(TEXT).font('Helvetica-Bold').fontSize(16).text(t('donation.receipt.title'));
  doc.moveDown(0.5);
  const day = formatDate(new Date(`${input.issuedOn}T12:00:00Z`), input.locale, 'UTC');
  const pairs: [string, string][] = [
    [t('donation.receipt.number'), input.number],
    [t('donation.receipt.date'), day],
    [t('donation.receipt.donor'), input.donorName || t('donation.receipt.anonymousDonor')],
    ...(input.taxId ? ([[t('donation.receipt.identity'), input.taxId]] as [string, string][]) : []),
    [t('donation.receipt.campaign'), input.campaign],
    ...(input.instalment
      ? ([['', t('donation.receipt.instalment', { seq: input.instalment.seq, count: input.instalment.count })]] as [
          string,
          string,
        ][])
      : []),
  ];
  doc.fontSize(10);
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.font('Helvetica').fillColor(MUTED).text(label, LEFT, y, { width: 160 });
    doc
      .font('Helvetica')
      .fillColor(TEXT)
      .text(value, LEFT + 170, y, { width: WIDTH - 170 });
    doc.moveDown(0.3);
  }

  // The money: the gift, the fee apart, the total.
  doc.moveDown(1);
  const rows: [string, string, boolean][] = [
    [t('donation.receipt.gift'), money(input.amountMinor), false],
    ...(input.feeMinor > 0
      ? ([[t('donation.receipt.fee'), money(input.feeMinor), false]] as [string, string, boolean][])
      : []),
    [t('donation.receipt.total'), money(input.amountMinor + input.feeMinor), true],
  ];
  for (const [label, value, bold] of rows) {
    const y = doc.y;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(BORDER).lineWidth(1).stroke();
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(TEXT)
      .fontSize(11);
    doc.text(label, LEFT, y + 8, { width: WIDTH - 150 });
    doc.text(value, RIGHT - 150, y + 8, { width: 150, align: 'right' });
    doc.y = y + 28;
  }

  // The tax part (LHDN s.44(6)) where the gift is deductible.
  if (input.approvalRef) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(10).fillColor(TEXT);
    doc.text(t('donation.receipt.approval', { ref: input.approvalRef }), LEFT, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t('donation.receipt.s446'), { width: WIDTH });
  }
  doc.moveDown(2).font('Helvetica').fontSize(11).fillColor(TEXT).text(t('donation.receipt.thanks'), LEFT, doc.y);
  doc.end();
  return done;
}
