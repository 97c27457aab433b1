import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { pdfText as readPdfText } from '#scripts/pdf-text.mjs';
import { createPdf } from './pdf-kit.server';

const NAMES = ['Nguyễn Thị Ánh 李明 Şükrü', 'முருகன்', '陳黃 林', 'Ōtake Łukasz Ğİı'];

async function render(draw: (pdf: ReturnType<typeof createPdf>) => void): Promise<Buffer> {
  const pdf = createPdf({ title: 't', author: 'a', creationDate: new Date('2026-11-23T02:00:00Z'), compress: false });
  draw(pdf);
  return pdf.finish();
}

/** The TrueType fonts embedded in an uncompressed PDF (each FontFile2 stream). */
function embeddedFonts(bytes: Buffer): fontkit.Font[] {
  const raw = bytes.toString('latin1');
  const fonts: fontkit.Font[] = [];
  for (const match of raw.matchAll(/stream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    if (!['\u0000\u0001\u0000\u0000', 'true'].includes(raw.slice(start, start + 4))) continue;
    const end = raw.indexOf('\nendstream', start);
    fonts.push(fontkit.create(bytes.subarray(start, end)) as fontkit.Font);
  }
  return fonts;
}

describe('the PDF kit', () => {
  it('reads back names in Latin, Vietnamese, Turkish, Chinese and Tamil exactly as typed', async () => {
    const bytes = await render(({ text }) => {
      let y = 50;
      for (const name of NAMES) y = text.draw(name, 50, y, { width: 400 });
      for (const name of NAMES) y = text.draw(name, 50, y, { width: 400, weight: 'bold', align: 'right' });
    });
    const lines = (await readPdfText(bytes)).split('\n');
    expect(lines).toEqual([...NAMES, ...NAMES]);
  });

  it('embeds real outlines for every glyph it draws (subsets of Noto Sans, Tamil and SC)', async () => {
    const bytes = await render(({ text }) => {
      // No spaces: every glyph drawn is a letter with an outline.
      text.draw(NAMES.join('').replace(/\s/g, ''), 50, 50, { width: 480 });
    });
    const fonts = embeddedFonts(bytes);
    // Noto Sans, the Tamil slice and at least one SC slice.
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    for (const font of fonts) {
      for (let id = 1; id < font.numGlyphs; id++) {
        const glyph = font.getGlyph(id);
        const { minX, minY, maxX, maxY } = glyph.bbox;
        // A drawn letter has an outline inside the em square (a garbage glyph has none, or a wild one).
        expect(glyph.path.commands.length, `${font.postscriptName} glyph ${id}`).toBeGreaterThan(0);
        expect(Math.max(Math.abs(minX), Math.abs(minY), Math.abs(maxX), Math.abs(maxY))).toBeLessThan(
          2 * font.unitsPerEm,
        );
      }
    }
  });

  it('wraps at spaces, cuts off with an ellipsis and shrinks to fit', async () => {
    const bytes = await render(({ text }) => {
      const long = 'Sesi fisioterapi lanjutan bersama pakar, termasuk penilaian semula dan laporan bertulis';
      expect(text.wrap(long, 200).length).toBeGreaterThan(1);
      const bottom = text.draw(long, 50, 50, { width: 200, height: text.lineHeight(10) * 2 });
      expect(bottom).toBeCloseTo(50 + 2 * text.lineHeight(10));
      text.draw('Jumlah keseluruhan RM1,234,567.89', 50, 200, { width: 60, fit: true });
      expect(text.widthOf('李明')).toBeGreaterThan(0);
    });
    const lines = (await readPdfText(bytes)).split('\n');
    expect(lines[1]).toMatch(/…$/);
    expect(lines).toContain('Jumlah keseluruhan RM1,234,567.89');
  });
});
