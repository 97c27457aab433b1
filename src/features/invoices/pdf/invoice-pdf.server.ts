// A printable A4 invoice or receipt (when paid), drawn with the app's PDF kit (src/server/pdf:
// Noto Sans with Tamil and Chinese fallbacks, so a name reads as it was typed).
//
// Output is deterministic for a given input: the PDF's CreationDate (which pdfkit also hashes
// into the file ID) is the invoice's creation date, and nothing else depends on the clock.
// Pages are buffered so every page gets a "Page x of y" footer once the total is known.

import type { Tenant, Theme } from '#features/tenants/tenant.ts';
import { isoCode, type Locale, localized } from '#i18n/locales.ts';
import { type MessageKey, type Translate, translator } from '#i18n/t.ts';
import { formatDate, formatDateTime } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import { digitsOnly } from '#lib/phone.ts';
import { createPdf, type FontWeight, type PdfWriter, pdfText } from '#server/pdf/pdf-kit.server.ts';
import { displayInvoiceNumber, type InvoiceStatus, type InvoiceView } from '../invoice';
import { invoicePath } from '../paths';

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

// ── Page geometry (points; A4 is 595.28 × 841.89) ───────────────────────────────────────────
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const LEFT = MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - LEFT;
/** The footer's first line of text, and the rule above it. */
const FOOTER_TOP = PAGE_HEIGHT - MARGIN - 22;
const FOOTER_RULE = FOOTER_TOP - 10;
/** Content stops here, clear of the footer. */
const BOTTOM = FOOTER_RULE - 18;

const COLUMN = {
  quantity: 70,
  unitPrice: 100,
  amount: 100,
};
const CELL_PADDING_X = 8;
const CELL_PADDING_Y = 7;
const TOTALS_WIDTH = 250;
/** A description taller than this (a runaway text) is cut off, so one row never outgrows a page. */
const MAX_DESCRIPTION_HEIGHT = 240;

const FONT: FontWeight = 'regular';
const FONT_BOLD: FontWeight = 'bold';

const TEXT = '#111827';
const MUTED = '#6b7280';
const BORDER = '#e5e7eb';

/** Theme colours, as in src/styles/global.css: primary, text on primary, soft background. */
const THEME_COLOURS: Record<Theme, { primary: string; onPrimary: string; soft: string }> = {
  black: { primary: '#111827', onPrimary: '#ffffff', soft: '#f3f4f6' },
  red: { primary: '#b91c1c', onPrimary: '#ffffff', soft: '#fef2f2' },
  orange: { primary: '#c2410c', onPrimary: '#ffffff', soft: '#fff7ed' },
  yellow: { primary: '#facc15', onPrimary: '#1c1917', soft: '#fefce8' },
  green: { primary: '#15803d', onPrimary: '#ffffff', soft: '#f0fdf4' },
  'light-green': { primary: '#84cc16', onPrimary: '#1a2e05', soft: '#f7fee7' },
  'light-blue': { primary: '#0369a1', onPrimary: '#ffffff', soft: '#f0f9ff' },
  blue: { primary: '#1d4ed8', onPrimary: '#ffffff', soft: '#eff6ff' },
  purple: { primary: '#7e22ce', onPrimary: '#ffffff', soft: '#faf5ff' },
  pink: { primary: '#be185d', onPrimary: '#ffffff', soft: '#fdf2f8' },
};

const STATUS_COLOURS: Record<InvoiceStatus, { text: string; background: string }> = {
  paid: { text: '#15803d', background: '#dcfce7' },
  open: { text: '#a16207', background: '#fef9c3' },
  failed: { text: '#b91c1c', background: '#fee2e2' },
  expired: { text: '#374151', background: '#e5e7eb' },
  void: { text: '#374151', background: '#e5e7eb' },
};

const STATUS_KEYS: Record<InvoiceStatus, MessageKey> = {
  open: 'pdf.status.open',
  paid: 'pdf.status.paid',
  failed: 'pdf.status.failed',
  expired: 'pdf.status.expired',
  void: 'pdf.status.void',
};

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

type Doc = PDFKit.PDFDocument;

interface Context {
  doc: Doc;
  pdf: PdfWriter;
  invoice: InvoiceView;
  tenant: Tenant;
  locale: Locale;
  t: Translate;
  theme: (typeof THEME_COLOURS)[Theme];
  title: string;
  number: string;
  money: (minor: number) => string;
}

interface WriteOptions {
  width: number;
  font?: FontWeight;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
  characterSpacing?: number;
  /** Cut the text off with an ellipsis below this height. */
  height?: number;
  link?: string;
  /** Keep to one line, shrinking the font when the text is wider than `width` (amounts, headings). */
  fit?: boolean;
}

/** Draws text at (x, y) and returns the y below it. */
function write(pdf: PdfWriter, text: string, x: number, y: number, options: WriteOptions): number {
  const { font, ...rest } = options;
  return pdf.draw(text, x, y, { ...rest, weight: font ?? FONT });
}

function hairline(doc: Doc, y: number, color = BORDER, width = 0.75): void {
  doc.save().moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke().restore();
}

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

interface Columns {
  description: { x: number; width: number };
  quantity: { x: number; width: number };
  unitPrice: { x: number; width: number };
  amount: { x: number; width: number };
}

function columns(): Columns {
  const amountX = RIGHT - COLUMN.amount;
  const unitX = amountX - COLUMN.unitPrice;
  const quantityX = unitX - COLUMN.quantity;
  return {
    description: { x: LEFT, width: quantityX - LEFT },
    quantity: { x: quantityX, width: COLUMN.quantity },
    unitPrice: { x: unitX, width: COLUMN.unitPrice },
    amount: { x: amountX, width: COLUMN.amount },
  };
}

const HEADER_ROW_HEIGHT = 24;

function drawTableHeader(ctx: Context, y: number): number {
  const { doc, pdf, t, theme } = ctx;
  const cols = columns();
  doc.save().rect(LEFT, y, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fill(theme.soft).restore();
  doc
    .save()
    .moveTo(LEFT, y + HEADER_ROW_HEIGHT)
    .lineTo(RIGHT, y + HEADER_ROW_HEIGHT)
    .lineWidth(1)
    .strokeColor(theme.primary)
    .stroke()
    .restore();
  const textY = y + 8;
  const cell = (text: string, col: { x: number; width: number }, align: 'left' | 'right') =>
    write(pdf, text.toLocaleUpperCase(ctx.locale), col.x + CELL_PADDING_X, textY, {
      width: col.width - 2 * CELL_PADDING_X,
      font: FONT_BOLD,
      size: 8,
      color: '#374151',
      align,
      characterSpacing: 0.4,
      fit: true,
    });
  cell(t('pdf.description'), cols.description, 'left');
  cell(t('pdf.quantity'), cols.quantity, 'right');
  cell(t('pdf.unitPrice'), cols.unitPrice, 'right');
  cell(t('pdf.amount'), cols.amount, 'right');
  return y + HEADER_ROW_HEIGHT;
}

/** A fresh page for the rest of the document, with a small reminder of what it belongs to. */
function continuationPage(ctx: Context): number {
  const { doc, pdf } = ctx;
  doc.addPage();
  doc.save().rect(0, 0, PAGE_WIDTH, 6).fill(ctx.theme.primary).restore();
  const y = write(pdf, ctx.t('pdf.continued', { title: ctx.title, number: ctx.number }), LEFT, MARGIN, {
    width: CONTENT_WIDTH,
    font: FONT_BOLD,
    size: 10,
    color: MUTED,
  });
  return y + 12;
}

function drawLines(ctx: Context, startY: number): number {
  const { doc, pdf, invoice, locale } = ctx;
  const cols = columns();
  const descriptionWidth = cols.description.width - 2 * CELL_PADDING_X;
  let y = drawTableHeader(ctx, startY);

  invoice.lines.forEach((line, index) => {
    const description = localized(line.description, locale);
    const textHeight = Math.min(
      pdf.heightOf(description || ' ', { width: descriptionWidth, size: 10 }),
      MAX_DESCRIPTION_HEIGHT,
    );
    const rowHeight = textHeight + 2 * CELL_PADDING_Y;

    if (y + rowHeight > BOTTOM) {
      y = drawTableHeader(ctx, continuationPage(ctx));
    }
    if (index % 2 === 1) {
      doc.save().rect(LEFT, y, CONTENT_WIDTH, rowHeight).fill('#fafafa').restore();
    }

    const textY = y + CELL_PADDING_Y;
    write(pdf, description, cols.description.x + CELL_PADDING_X, textY, {
      width: descriptionWidth,
      height: MAX_DESCRIPTION_HEIGHT,
    });
    const numeric = (text: string, col: { x: number; width: number }) =>
      write(pdf, text, col.x + CELL_PADDING_X, textY, {
        width: col.width - 2 * CELL_PADDING_X,
        align: 'right',
        fit: true,
      });
    numeric(String(line.quantity), cols.quantity);
    numeric(ctx.money(line.unitAmount), cols.unitPrice);
    numeric(ctx.money(line.amount), cols.amount);

    y += rowHeight;
    hairline(doc, y);
  });
  return y;
}

function drawTotals(ctx: Context, startY: number): number {
  const { doc, pdf, invoice, t } = ctx;
  const rows: [string, string][] = [[t('pdf.subtotal'), ctx.money(invoice.subtotal)]];
  if (invoice.fee > 0) rows.push([t('pdf.fee'), ctx.money(invoice.fee)]);

  const blockWidth = TOTALS_WIDTH;
  const x = RIGHT - blockWidth;
  const needed = rows.length * 20 + 50;
  let y = startY + 12;
  if (y + needed > BOTTOM) y = continuationPage(ctx);

  /** Label on the left, amount on the right, the amount shrinking rather than running into the label. */
  const row = (label: string, value: string, rowY: number, font: FontWeight, size: number, color: string) => {
    const labelWidth = Math.min(150, pdf.widthOf(label, { weight: font, size }) + 2);
    write(pdf, label, x + CELL_PADDING_X, rowY, { width: 150, font, size, color, fit: true });
    const valueX = x + CELL_PADDING_X + labelWidth + 12;
    write(pdf, value, valueX, rowY, { width: RIGHT - CELL_PADDING_X - valueX, font, size, align: 'right', fit: true });
  };

  for (const [label, value] of rows) {
    row(label, value, y, FONT, 10, '#374151');
    y += 20;
  }

  // The total on a tinted band in the organisation's colours.
  const bandHeight = 30;
  doc.save().rect(x, y, blockWidth, bandHeight).fill(ctx.theme.soft).restore();
  doc.save().moveTo(x, y).lineTo(RIGHT, y).lineWidth(1.2).strokeColor(ctx.theme.primary).stroke().restore();
  row(t('pdf.total'), ctx.money(invoice.total), y + 9, FONT_BOLD, 12, TEXT);
  return y + bandHeight;
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
