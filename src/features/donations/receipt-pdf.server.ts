// A donation receipt as an A4 PDF, drawn with the app's PDF kit like the invoice (src/server/pdf:
// Noto Sans with Tamil and Chinese fallbacks, so the donor's name prints as typed): the
// organisation and its registration number, the receipt's number and the day the money cleared,
// the donor, their address, the gift (in figures and, for ringgit, in words) and — apart — the fee
// they covered; where the gift is tax-deductible the approval reference, the donor's identity
// number and the s.44(6) statement; the authorised officer's name and title under a signature line.
// Deterministic: the PDF's dates are the receipt's own.
import type { Db } from '#db/client.server.ts';
import type { DonorAddress } from '#db/schema/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { isoCode, type Locale, localized } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { ringgitInWords } from '#lib/amount-in-words.ts';
import { formatDate } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import { createPdf } from '#server/pdf/pdf-kit.server.ts';
import { openLink } from './manage-link.server';
import { findPlan } from './plan-repo.server';
import { displayReceiptNumber } from './receipt-number';
import { receiptDetails, receiptSettings } from './receipt-repo.server';

const LEFT = 50;
const RIGHT = 545;
const MARGIN = 50;
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
    donorAddress: details.donation.address ? addressLines(details.donation.address) : [],
    approvalRef: details.receipt.approvalRef,
    officer: { name: settings.officerName, title: settings.officerTitle },
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

/** The address as printed: line 1, line 2, "postcode city", state, country. */
export function addressLines(address: DonorAddress): string[] {
  return [
    address.line1,
    address.line2 ?? '',
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.state,
    address.country,
  ]
    .map((line) => line.trim())
    .filter(Boolean);
}

export interface ReceiptPdfInput {
  tenant: Pick<Tenant, 'name' | 'address' | 'phone' | 'email' | 'currency'>;
  locale: Locale;
  number: string;
  issuedOn: string;
  donorName: string;
  taxId: string | null;
  /** The donor's postal address, one line per entry (empty when they gave none). */
  donorAddress: string[];
  approvalRef: string | null;
  registrationNumber: string | null;
  campaign: string;
  instalment: { seq: number; count: number } | null;
  amountMinor: number;
  feeMinor: number;
  createdAt: Date;
  /** The officer authorised to sign receipts (a tenant setting). */
  officer: { name: string | null; title: string | null };
}

export function renderReceiptPdf(input: ReceiptPdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = translator(input.locale);
  const money = (minor: number) => formatMoney(minor, input.tenant.currency);
  const { doc, text, finish } = createPdf({
    title: `${t('donation.receipt.title')} ${input.number}`,
    author: input.tenant.name,
    creationDate: input.createdAt,
    lang: isoCode(input.locale),
    compress: options.compress ?? true,
    margin: MARGIN,
  });

  // The organisation.
  let y = text.draw(input.tenant.name, LEFT, MARGIN, { width: WIDTH, weight: 'bold', size: 18 });
  const organisation = [
    input.registrationNumber ? t('donation.receipt.registration', { number: input.registrationNumber }) : '',
    input.tenant.address,
    [input.tenant.phone, input.tenant.email].filter(Boolean).join(' · '),
  ];
  for (const line of organisation) {
    if (line) y = text.draw(line, LEFT, y, { width: WIDTH, size: 9, color: MUTED });
  }

  // Title, number and date; the donor.
  y = text.draw(t('donation.receipt.title'), LEFT, y + 24, { width: WIDTH, weight: 'bold', size: 16 }) + 8;
  const day = formatDate(new Date(`${input.issuedOn}T12:00:00Z`), input.locale, 'UTC');
  const pairs: [string, string][] = [
    [t('donation.receipt.number'), input.number],
    [t('donation.receipt.date'), day],
    [t('donation.receipt.donor'), input.donorName || t('donation.receipt.anonymousDonor')],
    ...(input.taxId ? ([[t('donation.receipt.identity'), input.taxId]] as [string, string][]) : []),
    ...(input.donorAddress.length
      ? ([[t('donation.receipt.address'), input.donorAddress.join('\n')]] as [string, string][])
      : []),
    [t('donation.receipt.campaign'), input.campaign],
    ...(input.instalment
      ? ([['', t('donation.receipt.instalment', { seq: input.instalment.seq, count: input.instalment.count })]] as [
          string,
          string,
        ][])
      : []),
  ];
  for (const [label, value] of pairs) {
    const labelBottom = text.draw(label, LEFT, y, { width: 160, size: 10, color: MUTED });
    const valueBottom = text.draw(value, LEFT + 170, y, { width: WIDTH - 170, size: 10 });
    y = Math.max(labelBottom, valueBottom) + 4;
  }

  // The money: the gift, the fee apart, the total; the gift in words (ringgit).
  y += 14;
  const rows: [string, string, boolean][] = [
    [t('donation.receipt.gift'), money(input.amountMinor), false],
    ...(input.feeMinor > 0
      ? ([[t('donation.receipt.fee'), money(input.feeMinor), false]] as [string, string, boolean][])
      : []),
    [t('donation.receipt.total'), money(input.amountMinor + input.feeMinor), true],
  ];
  for (const [label, value, bold] of rows) {
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(BORDER).lineWidth(1).stroke();
    const weight = bold ? 'bold' : 'regular';
    text.draw(label, LEFT, y + 8, { width: WIDTH - 160, size: 11, weight });
    text.draw(value, RIGHT - 150, y + 8, { width: 150, size: 11, weight, align: 'right', fit: true });
    y += 28;
  }
  if (input.tenant.currency.code === 'MYR') {
    const words = ringgitInWords(input.amountMinor, input.locale === 'en' ? 'en' : 'ms');
    const labelBottom = text.draw(t('donation.receipt.giftInWords'), LEFT, y + 4, {
      width: 160,
      size: 9,
      color: MUTED,
    });
    const wordsBottom = text.draw(words, LEFT + 170, y + 4, { width: WIDTH - 170, size: 10, weight: 'bold' });
    y = Math.max(labelBottom, wordsBottom) + 4;
  }

  // The tax part (LHDN s.44(6)) where the gift is deductible.
  if (input.approvalRef) {
    y = text.draw(t('donation.receipt.approval', { ref: input.approvalRef }), LEFT, y + 16, {
      width: WIDTH,
      size: 10,
      weight: 'bold',
    });
    y = text.draw(t('donation.receipt.s446'), LEFT, y + 2, { width: WIDTH, size: 9, color: MUTED });
  }
  y = text.draw(t('donation.receipt.thanks'), LEFT, y + 24, { width: WIDTH, size: 11 });

  // The authorised officer: a line to sign on, their name and title under it.
  const signatureWidth = 220;
  y += 56;
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + signatureWidth, y)
    .strokeColor(TEXT)
    .lineWidth(0.75)
    .stroke();
  y += 6;
  if (input.officer.name)
    y = text.draw(input.officer.name, LEFT, y, { width: signatureWidth, size: 10, weight: 'bold' });
  if (input.officer.title) y = text.draw(input.officer.title, LEFT, y, { width: signatureWidth, size: 9 });
  text.draw(t('donation.receipt.officer'), LEFT, y, { width: signatureWidth, size: 9, color: MUTED });
  return finish();
}
