// The invoice PDF's page: geometry, colours, and the few drawing primitives every block uses.
import type { Tenant, Theme } from '#features/tenants/tenant.ts';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import type { FontWeight, PdfWriter } from '#server/pdf/pdf-kit.server.ts';
import type { InvoiceStatus, InvoiceView } from '../invoice';

// ── Page geometry (points; A4 is 595.28 × 841.89) ───────────────────────────────────────────
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 50;
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = RIGHT - LEFT;

/** The footer's first line of text, and the rule above it. */
export const FOOTER_TOP = PAGE_HEIGHT - MARGIN - 22;
export const FOOTER_RULE = FOOTER_TOP - 10;

/** Content stops here, clear of the footer. */
export const BOTTOM = FOOTER_RULE - 18;

export const COLUMN = {
  quantity: 70,
  unitPrice: 100,
  amount: 100,
};

export const CELL_PADDING_X = 8;
export const CELL_PADDING_Y = 7;
export const TOTALS_WIDTH = 250;

/** A description taller than this (a runaway text) is cut off, so one row never outgrows a page. */
export const MAX_DESCRIPTION_HEIGHT = 240;
export const FONT: FontWeight = 'regular';
export const FONT_BOLD: FontWeight = 'bold';
export const TEXT = '#111827';
export const MUTED = '#6b7280';
export const BORDER = '#e5e7eb';

/** Theme colours, as in src/styles/global.css: primary, text on primary, soft background. */
export const THEME_COLOURS: Record<Theme, { primary: string; onPrimary: string; soft: string }> = {
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

export const STATUS_COLOURS: Record<InvoiceStatus, { text: string; background: string }> = {
  paid: { text: '#15803d', background: '#dcfce7' },
  open: { text: '#a16207', background: '#fef9c3' },
  failed: { text: '#b91c1c', background: '#fee2e2' },
  expired: { text: '#374151', background: '#e5e7eb' },
  void: { text: '#374151', background: '#e5e7eb' },
};

export const STATUS_KEYS: Record<InvoiceStatus, MessageKey> = {
  open: 'pdf.status.open',
  paid: 'pdf.status.paid',
  failed: 'pdf.status.failed',
  expired: 'pdf.status.expired',
  void: 'pdf.status.void',
};

export type Doc = PDFKit.PDFDocument;

export interface Context {
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

export interface WriteOptions {
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
export function write(pdf: PdfWriter, text: string, x: number, y: number, options: WriteOptions): number {
  const { font, ...rest } = options;
  return pdf.draw(text, x, y, { ...rest, weight: font ?? FONT });
}

export function hairline(doc: Doc, y: number, color = BORDER, width = 0.75): void {
  doc.save().moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** A fresh page for the rest of the document, with a small reminder of what it belongs to. */
export function continuationPage(ctx: Context): number {
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
