// The fonts of every PDF the app draws, from npm packages (never from the system, never fetched):
//
//   Noto Sans (@embedpdf/fonts-latin: whole TTFs)    Latin with Vietnamese and Turkish, Greek, Cyrillic
//   Noto Sans Tamil (@fontsource/noto-sans-tamil)    Tamil, shaped by fontkit's Indic shaper
//   Noto Sans SC (@fontsource/noto-sans-sc)          Chinese (and kana), in ~100 slices by Unicode range
//
// Each is read and parsed once per process (fontkit), on first use; pdfkit then embeds, per
// document, only the glyphs that document draws (a subset), so a receipt with two Chinese
// characters carries those two glyphs, not the 8 MB font. All are SIL Open Font License 1.1.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { CoveringFace } from './font-runs';

export type FontWeight = 'regular' | 'bold';

/** One font file: its name in a document, and whether it has a code point. */
export interface Face extends CoveringFace {
  /** The name a document registers it under (unique per file). */
  readonly name: string;
  /** The parsed font (read on first use). */
  readonly font: fontkit.Font;
  /** OpenType features to turn on or off when laying text out in this face. */
  readonly features?: Record<string, boolean>;
  /**
   * Its shaping may draw glyphs in another order than the text (Tamil's vowel signs before the
   * consonant): the text is also given as the run's ActualText, for readers that honour it.
   */
  readonly reorders?: boolean;
}

const require = createRequire(import.meta.url);

/** A file inside an installed package, found from its main entry (`dist/index.cjs`). */
function packageFile(pkg: string, ...parts: string[]): string {
  return path.join(path.dirname(require.resolve(pkg)), '..', ...parts);
}

const LAYOUTS_KEPT = 2000;

/**
 * A WOFF file as the plain TrueType font it wraps (each table inflated once, by Node's zlib).
 * fontkit reads WOFF itself, but inflates a table (in JavaScript) every time it is asked for
 * it — the subsetter asks for `glyf` once per glyph of every document.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavor: 0x00010000 for TrueType outlines
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    table.tag.copy(header, entry);
    header.writeUInt32BE(table.checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(table.data.length, entry + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/**
 * A font whose layouts (shaping a word: most of the time a page takes) are kept per process. pdfkit
 * scales a layout's positions in place, so each caller gets its own copy of them.
 */
function load(file: string): fontkit.Font {
  const font = fontkit.create(woffToSfnt(readFileSync(file)));
  if (!('layout' in font)) throw new Error(`not a single font: ${path.basename(file)}`);
  const layout = font.layout.bind(font);
  const kept = new Map<string, fontkit.GlyphRun>();
  font.layout = ((text: string, features?: never) => {
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = kept.get(key);
    if (!run) {
      run = layout(text, features);
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      kept.set(key, run);
    }
    return {
      glyphs: run.glyphs,
      positions: run.positions.map((position) => ({ ...position })),
      advanceWidth: run.advanceWidth,
    } as unknown as fontkit.GlyphRun;
  }) as typeof font.layout;
  return font;
}

/** A whole font: covers what its character map has. */
function wholeFace(name: string, file: () => string, extra: Pick<Face, 'features' | 'reorders'> = {}): Face {
  let font: fontkit.Font | null = null;
  const get = () => {
    font ??= load(file());
    return font;
  };
  return {
    name,
    get font() {
      return get();
    },
    covers: (codePoint) => get().hasGlyphForCodePoint(codePoint),
    ...extra,
  };
}

type Ranges = [number, number][];

/** "U+0100-02BA,U+0304" → [[0x100, 0x2ba], [0x304, 0x304]] */
export function parseUnicodeRange(css: string): Ranges {
  return css
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part) => {
      const [low = '0', high] = part.split('-');
      return [Number.parseInt(low, 16), Number.parseInt(high ?? low, 16)];
    });
}

const inRanges = (ranges: Ranges, codePoint: number) =>
  ranges.some(([low, high]) => codePoint >= low && codePoint <= high);

/**
 * A fontsource package: one file per Unicode slice (`[115]` → files/noto-sans-sc-115-400-normal.woff).
 * WOFF, not WOFF2: WOFF2 stores `glyf` transformed, and fontkit's subsetter copies glyph bytes
 * from that table as they are — the embedded glyphs would be garbage (text still reads back,
 * nothing shows). WOFF's tables are only deflated.
 * A slice covers its published range where its font has the glyph; a slice is read only once a
 * text needs it.
 */
function slicedFaces(
  pkg: string,
  family: string,
  weight: number,
  options: { only?: (slice: string) => boolean; reorders?: boolean } = {},
): Face[] {
  const unicodeFile = require.resolve(`${pkg}/unicode.json`);
  const map = JSON.parse(readFileSync(unicodeFile, 'utf8')) as Record<string, string>;
  return Object.entries(map)
    .filter(([slice]) => !options.only || options.only(slice))
    .map(([slice, range]) => {
      const id = slice.replace(/^\[|\]$/g, '');
      const ranges = parseUnicodeRange(range);
      const whole = wholeFace(`${family}-${id}-${weight}`, () =>
        path.join(path.dirname(unicodeFile), 'files', `${family}-${id}-${weight}-normal.woff`),
      );
      return {
        name: whole.name,
        get font() {
          return whole.font;
        },
        covers: (codePoint: number) => inRanges(ranges, codePoint) && whole.covers(codePoint),
        ...(options.reorders ? { reorders: true } : {}),
      };
    });
}

/**
 * Noto Sans. Its `ccmp` feature splits some precomposed letters into a base and a mark (ị → i +
 * dot below), and pdfkit maps each glyph to one text: the plain "i" of the same document would
 * then read back as "ị", or "ị" as "i". Text is NFC already, so the precomposed glyphs are drawn.
 */
const latin = (weight: FontWeight) =>
  wholeFace(
    `NotoSans-${weight}`,
    () =>
      packageFile('@embedpdf/fonts-latin', 'fonts', weight === 'bold' ? 'NotoSans-Bold.ttf' : 'NotoSans-Regular.ttf'),
    { features: { ccmp: false } },
  );

const WEIGHTS: Record<FontWeight, number> = { regular: 400, bold: 700 };
const chains = new Map<FontWeight, Face[]>();

/**
 * The faces of a weight, in fallback order: Noto Sans, then Tamil, then Chinese. Built on first
 * use (a process that draws no PDF reads no font file); each file is read once its glyphs are needed.
 */
export function fontChain(weight: FontWeight): Face[] {
  let chain = chains.get(weight);
  if (!chain) {
    const number = WEIGHTS[weight];
    chain = [
      latin(weight),
      ...slicedFaces('@fontsource/noto-sans-tamil', 'noto-sans-tamil', number, {
        only: (slice) => slice === 'tamil',
        reorders: true,
      }),
      ...slicedFaces('@fontsource/noto-sans-sc', 'noto-sans-sc', number),
    ];
    chains.set(weight, chain);
  }
  return chain;
}

/** The main (Latin) face of a weight: its metrics set the line height. */
export function mainFace(weight: FontWeight): Face {
  const [main] = fontChain(weight);
  if (!main) throw new Error('no font');
  return main;
}
