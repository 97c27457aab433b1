import { localized } from '#i18n/locales.ts';
import type { FontWeight } from '#server/pdf/pdf-kit.server.ts';
import {
  BOTTOM,
  CELL_PADDING_X,
  CELL_PADDING_Y,
  COLUMN,
  CONTENT_WIDTH,
  type Context,
  continuationPage,
  FONT,
  FONT_BOLD,
  hairline,
  LEFT,
  MAX_DESCRIPTION_HEIGHT,
  RIGHT,
  TEXT,
  TOTALS_WIDTH,
  write,
} from './invoice-pdf-layout.server';

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

export function drawLines(ctx: Context, startY: number): number {
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

export function drawTotals(ctx: Context, startY: number): number {
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
