// A printable A4 invoice or receipt (when paid), drawn with the app's PDF kit (src/server/pdf:
// Noto Sans with Tamil and Chinese fallbacks, so a name reads as it was typed).
//
// Output is deterministic for a given input: the PDF's CreationDate (which pdfkit also hashes
// into the file ID) is the invoice's creation date, and nothing else depends on the clock.
// Pages are buffered so every page gets a "Page x of y" footer once the total is known.

import type { Tenant } from '#features/tenants/tenant.ts';
import { isoCode, type Locale } from '#i18n/locales.ts';
import { type Translate, translator } from '#i18n/t.ts';
import { formatDate, formatDateTime } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import { digitsOnly } from '#lib/phone.ts';
import { createPdf, type PdfWriter, pdfText } from '#server/pdf/pdf-kit.server.ts';
import { displayInvoiceNumber, type InvoiceStatus, type InvoiceView } from '../invoice';
import { invoicePath } from '../paths';
import {
  CELL_PADDING_X,
  CONTENT_WIDTH,
  type Context,
  FONT_BOLD,
  FOOTER_RULE,
  FOOTER_TOP,
  hairline,
  LEFT,
  MARGIN,
  MUTED,
  PAGE_WIDTH,
  RIGHT,
  STATUS_COLOURS,
  STATUS_KEYS,
  THEME_COLOURS,
  TOTALS_WIDTH,
  write,
} from './invoice-pdf-layout.server';
import { drawLines, drawTotals } from './invoice-pdf-table.server';

export interface InvoicePdfInput {
  invoice: InvoiceView;
  tenant: Tenant;
  locale: Locale;
  /** e.g. https://kliniksihat.my; adds the public invoice address to the footer. */
  publicBaseUrl?: string;
}

export interface InvoicePdfOptions {
  /** Compress content streams (default true). Tests turn it off to read the raw bytes. */
  compress?: boolean;
}

// ── Text helpers ────────────────────────────────────────────────────────────────────────────

/** Up to two initials for the logo block: "Klinik Sihat" → "KS". */
export function initials(name: string): string {
  const words = pdfText(name)
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** "60123456789" → "+60123456789"; empty stays empty. */
function internationalPhone(phone: string | null): string {
  const digits = digitsOnly(phone ?? '');
  return digits ? `+${digits}` : '';
}

function documentTitle(invoice: InvoiceView, t: Translate): string {
  return t(invoice.status === 'paid' ? 'pdf.receipt' : 'pdf.invoice');
}

/** The public page of the invoice in `locale`: https://host[/ms]/invoices/{publicId}/{kind}. */
export function publicInvoiceUrl(baseUrl: string, invoice: InvoiceView, locale: Locale): string {
  return `${baseUrl.replace(/\/+$/, '')}${invoicePath(locale, invoice.kind, invoice.publicId)}`;
}

/** `INV-000042.pdf`, or for a paid invoice the receipt in the locale: `receipt-INV-000042.pdf`. */
export function invoicePdfFilename(invoice: Pick<InvoiceView, 'number' | 'status'>, locale: Locale): string {
  const number = displayInvoiceNumber(invoice.number);
  if (invoice.status !== 'paid') return `${number}.pdf`;
  const prefix = translator(locale)('pdf.receiptFilename')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${prefix || 'receipt'}-${number}.pdf`;
}

// ── Drawing ─────────────────────────────────────────────────────────────────────────────────

/** Organisation block on the left, title and status on the right. Returns the y below it. */
function drawHeader(ctx: Context): number {
  const { doc, pdf, tenant, t, theme, invoice } = ctx;

  // A band in the organisation's colour across the top edge.
  doc.save().rect(0, 0, PAGE_WIDTH, 6).fill(theme.primary).restore();

  // Logo: the tenant's logo is an SVG, which pdfkit cannot draw; a block with initials stands in.
  const logoSize = 46;
  const top = MARGIN;
  doc.save().roundedRect(LEFT, top, logoSize, logoSize, 9).fill(theme.primary).restore();
  const mark = initials(tenant.name);
  const markHeight = pdf.lineHeight(17, FONT_BOLD);
  write(pdf, mark, LEFT, top + (logoSize - markHeight) / 2 + 1, {
    width: logoSize,
    font: FONT_BOLD,
    size: 17,
    color: theme.onPrimary,
    align: 'center',
  });

  const orgX = LEFT + logoSize + 14;
  const orgWidth = 250;
  let left = write(pdf, tenant.name, orgX, top, { width: orgWidth, font: FONT_BOLD, size: 14 });
  left += 3;
  const details = [
    tenant.registrationNo ? t('pdf.registrationNo', { number: tenant.registrationNo }) : '',
    tenant.address,
    tenant.phone,
    tenant.email,
  ].filter((line) => line.trim() !== '');
  for (const line of details) {
    left = write(pdf, line, orgX, left, { width: orgWidth, size: 9, color: MUTED }) + 1;
  }

  // Right: title, number and status badge.
  const rightWidth = 170;
  const rightX = RIGHT - rightWidth;
  let right = write(pdf, ctx.title.toLocaleUpperCase(ctx.locale), rightX, top - 2, {
    width: rightWidth,
    font: FONT_BOLD,
    size: 22,
    align: 'right',
    characterSpacing: 1,
    fit: true,
  });
  right = write(pdf, ctx.number, rightX, right + 4, {
    width: rightWidth,
    size: 10,
    color: MUTED,
    align: 'right',
    fit: true,
  });
  right = drawStatusBadge(ctx, invoice.status, t(STATUS_KEYS[invoice.status]), right + 8);

  const bottom = Math.max(left, right, top + logoSize) + 18;
  hairline(doc, bottom);
  return bottom + 18;
}

function drawStatusBadge(ctx: Context, status: InvoiceStatus, label: string, y: number): number {
  const { doc, pdf } = ctx;
  const colours = STATUS_COLOURS[status];
  const text = label.toLocaleUpperCase(ctx.locale);
  const spacing = 0.8;
  const textWidth = pdf.widthOf(text, { weight: FONT_BOLD, size: 9, characterSpacing: spacing });
  const height = 20;
  const width = textWidth + 20;
  const x = RIGHT - width;
  doc
    .save()
    .roundedRect(x, y, width, height, height / 2)
    .fill(colours.background)
    .restore();
  pdf.draw(text, x, y + (height - pdf.lineHeight(9, FONT_BOLD)) / 2, {
    width,
    weight: FONT_BOLD,
    size: 9,
    color: colours.text,
    align: 'center',
    characterSpacing: spacing,
    fit: true,
  });
  return y + height;
}

function sectionLabel(pdf: PdfWriter, text: string, x: number, y: number, width: number): number {
  return write(pdf, text.toLocaleUpperCase(), x, y, {
    width,
    font: FONT_BOLD,
    size: 8,
    color: MUTED,
    characterSpacing: 0.6,
  });
}

/** Billed-to on the left, number and dates on the right. Returns the y below them. */
function drawDetails(ctx: Context, y: number): number {
  const { pdf, invoice, tenant, locale, t } = ctx;

  const billedWidth = 240;
  let left = sectionLabel(pdf, t('pdf.billedTo'), LEFT, y, billedWidth) + 4;
  const name = invoice.contactName.trim();
  if (name) left = write(pdf, name, LEFT, left, { width: billedWidth, font: FONT_BOLD, size: 11 }) + 2;
  for (const line of [internationalPhone(invoice.contactPhone), invoice.contactEmail?.trim() ?? '']) {
    if (line) left = write(pdf, line, LEFT, left, { width: billedWidth, size: 10, color: '#374151' }) + 1;
  }

  const rows: [string, string][] = [
    [t('pdf.number'), ctx.number],
    [t('pdf.issued'), formatDate(invoice.createdAt, locale, tenant.timeZone)],
  ];
  if (invoice.dueAt) rows.push([t('pdf.due'), formatDate(invoice.dueAt, locale, tenant.timeZone)]);
  if (invoice.paidAt) rows.push([t('pdf.paidAt'), formatDateTime(invoice.paidAt, locale, tenant.timeZone)]);

  // Lines up with the labels of the totals block.
  const blockWidth = TOTALS_WIDTH - CELL_PADDING_X;
  const blockX = RIGHT - blockWidth;
  const labelWidth = 105;
  let right = y;
  for (const [label, value] of rows) {
    const labelBottom = write(pdf, label, blockX, right, { width: labelWidth, size: 9, color: MUTED });
    const valueBottom = write(pdf, value, blockX + labelWidth, right - 0.5, {
      width: blockWidth - labelWidth,
      font: FONT_BOLD,
      size: 9.5,
      align: 'right',
      fit: true,
    });
    right = Math.max(labelBottom, valueBottom) + 5;
  }

  return Math.max(left, right) + 22;
}

function drawFooters(ctx: Context, url: string | null): void {
  const { doc, pdf, t } = ctx;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Text below the bottom margin would otherwise start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;

    const top = FOOTER_TOP;
    hairline(doc, FOOTER_RULE);
    const pageLabel = t('pdf.page', { page: i - range.start + 1, pages: range.count });
    const pageWidth = 110;
    const textWidth = CONTENT_WIDTH - pageWidth - 10;
    write(pdf, t('pdf.generated'), LEFT, top, { width: textWidth, size: 8, color: MUTED });
    if (url) {
      write(pdf, t('pdf.viewOnline', { url }), LEFT, top + 12, {
        width: textWidth,
        size: 8,
        color: MUTED,
        height: pdf.lineHeight(8),
        link: url,
      });
    }
    write(pdf, pageLabel, RIGHT - pageWidth, top, { width: pageWidth, size: 8, color: MUTED, align: 'right' });

    doc.page.margins.bottom = bottomMargin;
  }
}

/** Renders the invoice (or receipt, once paid) as an A4 PDF in `locale`. */
export function renderInvoicePdf(input: InvoicePdfInput, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const { invoice, tenant, locale } = input;
  const t = translator(locale);
  const title = documentTitle(invoice, t);
  const number = displayInvoiceNumber(invoice.number);

  const {
    doc,
    text: pdf,
    finish,
  } = createPdf({
    title: `${title} ${number}`,
    author: tenant.name,
    subject: `${title} ${number}`,
    creationDate: invoice.createdAt,
    lang: isoCode(locale),
    compress: options.compress ?? true,
    bufferPages: true,
    margin: MARGIN,
  });

  const ctx: Context = {
    doc,
    pdf,
    invoice,
    tenant,
    locale,
    t,
    theme: THEME_COLOURS[tenant.theme] ?? THEME_COLOURS.black,
    title,
    number,
    money: (minor) => formatMoney(minor, invoice.currency),
  };

  try {
    let y = drawHeader(ctx);
    y = drawDetails(ctx, y);
    y = drawLines(ctx, y);
    drawTotals(ctx, y);
    drawFooters(ctx, input.publicBaseUrl ? publicInvoiceUrl(input.publicBaseUrl, invoice, locale) : null);
  } catch (error) {
    return Promise.reject(error);
  }
  return finish();
}
