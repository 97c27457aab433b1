// CSV for staff exports (gifts, fundraisers, reviews, the loyalty ledger): one writer, spreadsheet-safe.

/** A CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets never run it. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends (RFC 4180) and a BOM so Excel reads UTF-8. */
export function toCsv(header: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
