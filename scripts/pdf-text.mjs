// The text of a PDF, line by line as a reader sees it, for tests that check what an invoice says.
// pdfkit writes standard-font text as kerned glyph runs, so words cannot be found in the raw
// bytes; pdf.js (an npm package, so no system tool is needed) reads them back.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * @param {Uint8Array} bytes the PDF
 * @param {number} [pageNumber] one page (1-based); all pages when left out
 * @returns {Promise<string>} lines top to bottom, runs on a line left to right, separated by spaces
 */
export async function pdfText(bytes, pageNumber) {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, useSystemFonts: false }).promise;
  try {
    const numbers = pageNumber ? [pageNumber] : Array.from({ length: document.numPages }, (_, i) => i + 1);
    const pages = [];
    for (const number of numbers) pages.push(pageLines(await (await document.getPage(number)).getTextContent()));
    return pages.join('\n\f');
  } finally {
    await document.destroy();
  }
}

/**
 * Groups text runs into lines by their baseline (within half a point), then orders each line by x.
 * Runs that touch (one font's run going on in another font: "Nguyễn " + "李明") join as they are;
 * runs apart (table cells, label and value) are separated by a space.
 */
function pageLines(content) {
  const lines = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [x, y] = [item.transform[4], item.transform[5]];
    let line = lines.find((candidate) => Math.abs(candidate.y - y) < 0.5);
    if (!line) {
      line = { y, runs: [] };
      lines.push(line);
    }
    line.runs.push({ x, end: x + item.width, text: item.str });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map((line) =>
      line.runs
        .sort((a, b) => a.x - b.x)
        .map((run, i, runs) => (i > 0 && run.x - (runs[i - 1]?.end ?? 0) > 0.5 ? ` ${run.text}` : run.text))
        .join(''),
    )
    .join('\n');
}
