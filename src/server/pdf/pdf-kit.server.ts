// The one way the app draws PDFs (the invoice, the donation receipt): a pdfkit document whose text
// goes through `PdfWriter`, which cuts each string into runs by font (Noto Sans, Noto Sans Tamil,
// Noto Sans SC: fonts.server.ts), lays the runs out on shared baselines, wraps, aligns, shrinks to
// fit and cuts off with an ellipsis itself, and draws each run in its font. Any name a donor or a
// patient types in Latin (Vietnamese, Turkish…), Chinese or Tamil comes out as typed, and reads
// back as typed (each glyph carries its text in the font's ToUnicode map).
//
// Deterministic: the document's dates are the caller's, and font subsets are named from the font
// ids, so the same input gives the same bytes.
import PDFDocument from 'pdfkit';
import { clusters, type FontRun, fontRuns } from './font-runs';
import { type Face, type FontWeight, fontChain } from './fonts.server';

export type { FontWeight } from './fonts.server';

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  /** Points; 10 when left out. */
  size?: number;
  weight?: FontWeight;
  color?: string;
  characterSpacing?: number;
}

export interface DrawOptions extends TextStyle {
  width: number;
  align?: 'left' | 'right' | 'center';
  /** Cut the text off with an ellipsis below this height. */
  height?: number;
  /** Keep to one line, shrinking the font when the text is wider than `width`. */
  fit?: boolean;
  /** Makes the text a link to this address. */
  link?: string;
}

const ELLIPSIS = '…';
/** Laid-out widths of runs (a name, a label) are kept: measuring is most of the work of a page. */
const advances = new Map<string, number>();
const ADVANCES_KEPT = 5000;
const LINE_HEIGHT = 1.25;
const ASCENT = 0.95;

/**
 * Text a PDF can carry: NFC (so "ễ" is one letter, not e + two marks), line breaks kept, tabs and
 * carriage returns as spaces, other control characters as spaces.
 */
export function pdfText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\p{Cc}/gu, (char) => (char === '\n' ? char : ' '));
}

/** Draws and measures text in the app's fonts on one document. */
export class PdfWriter {
  private readonly registered = new Set<string>();

  constructor(readonly doc: Doc) {}

  /**
   * Height of one line at `size`: 1.25 em, the top 0.95 em above the baseline. Noto Sans' own
   * ascent + descent (1.36 em) would space lines further apart than the documents were laid out
   * for; this still clears accented capitals and descenders of the line above.
   */
  lineHeight(size = 10, _weight: FontWeight = 'regular'): number {
    return LINE_HEIGHT * size;
  }

  /** From the top of a line to its baseline. */
  private ascent(size: number, _weight: FontWeight): number {
    return ASCENT * size;
  }

  private use(face: Face, size: number): Doc {
    if (!this.registered.has(face.name)) {
      // pdfkit takes a parsed fontkit font as it is (PDFFontFactory.open): parsed once per process.
      this.doc.registerFont(face.name, face.font as unknown as string);
      this.registered.add(face.name);
    }
    return this.doc.font(face.name).fontSize(size);
  }

  private runs(text: string, weight: FontWeight): FontRun<Face>[] {
    return fontRuns(text, fontChain(weight));
  }

  private runWidth(run: FontRun<Face>, size: number, characterSpacing: number): number {
    return this.advance(run) * size + characterSpacing * [...run.text].length;
  }

  /** Width of a run at 1 pt, laid out (shaped) once per process. */
  private advance(run: FontRun<Face>): number {
    const key = `${run.face.name}\u0000${run.text}`;
    let width = advances.get(key);
    if (width === undefined) {
      const font = run.face.font;
      width = font.layout(run.text, run.face.features as never).advanceWidth / font.unitsPerEm;
      if (advances.size >= ADVANCES_KEPT) advances.clear();
      advances.set(key, width);
    }
    return width;
  }

  /** Width of `text` on one line. */
  widthOf(text: string, style: TextStyle = {}): number {
    const size = style.size ?? 10;
    const spacing = style.characterSpacing ?? 0;
    const safe = pdfText(text).replace(/\n/g, ' ');
    if (!safe) return 0;
    const total = this.runs(safe, style.weight ?? 'regular').reduce(
      (sum, run) => sum + this.runWidth(run, size, spacing),
      0,
    );
    return total - spacing;
  }

  /** The lines `text` wraps into at `width` (breaking at spaces, inside a word only when it must). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const fits = (line: string) => this.widthOf(line, style) <= width;
    const lines: string[] = [];
    for (const paragraph of pdfText(text).split('\n')) {
      let line = '';
      for (const token of paragraph.split(/(\s+)/)) {
        if (!token) continue;
        if (/^\s+$/.test(token)) {
          if (line) line += token;
          continue;
        }
        if (fits(line + token)) {
          line += token;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = '';
        // The word starts a line; a word longer than a line is broken where it must be.
        for (const piece of clusters(token)) {
          if (line && !fits(line + piece)) {
            lines.push(line);
            line = '';
          }
          line += piece;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Height `text` takes when drawn with these options. */
  heightOf(text: string, options: DrawOptions): number {
    const size = options.size ?? 10;
    const lines = options.fit ? 1 : this.wrap(text, options.width, options).length;
    const all = lines * this.lineHeight(size, options.weight);
    return options.height ? Math.min(all, Math.max(this.lineHeight(size, options.weight), options.height)) : all;
  }

  /** Draws text with its top-left at (x, y) and returns the y below it. */
  draw(text: string, x: number, y: number, options: DrawOptions): number {
    const weight = options.weight ?? 'regular';
    const spacing = options.characterSpacing ?? 0;
    let size = options.size ?? 10;
    let lines: string[];
    if (options.fit) {
      const line = pdfText(text).replace(/\n/g, ' ');
      const natural = this.widthOf(line, { ...options, size });
      if (natural > options.width) size = Math.max(5, Math.floor(((size * options.width) / natural) * 10) / 10);
      lines = [line];
    } else {
      lines = this.wrap(text, options.width, options);
    }
    const lineHeight = this.lineHeight(size, weight);
    if (options.height) {
      const most = Math.max(1, Math.floor(options.height / lineHeight + 1e-6));
      if (lines.length > most) {
        lines = lines.slice(0, most);
        const style = { ...options, size };
        let last = lines[most - 1] ?? '';
        while (last && this.widthOf(`${last}${ELLIPSIS}`, style) > options.width)
          last = [...last].slice(0, -1).join('');
        lines[most - 1] = `${last.trimEnd()}${ELLIPSIS}`;
      }
    }
    const style = { ...options, size };
    lines.forEach((line, index) => {
      const top = y + index * lineHeight;
      const lineWidth = this.widthOf(line, style);
      let cursor = x;
      if (options.align === 'right') cursor = x + options.width - lineWidth;
      else if (options.align === 'center') cursor = x + (options.width - lineWidth) / 2;
      const baseline = top + this.ascent(size, weight);
      for (const run of this.runs(line, weight)) {
        this.use(run.face, size).fillColor(options.color ?? '#111827');
        if (run.face.reorders) this.doc.markContent('Span', { actual: run.text } as PDFKit.Mixins.MarkingOptions);
        // No width: pdfkit draws the run where it is told, never wraps it or starts a page.
        this.doc.text(run.text, cursor, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          characterSpacing: spacing,
          features: run.face.features as PDFKit.Mixins.TextOptions['features'],
          ...(options.link ? { link: options.link } : {}),
        });
        if (run.face.reorders) this.doc.endMarkedContent();
        cursor += this.runWidth(run, size, spacing);
      }
    });
    return y + lines.length * lineHeight;
  }
}

export interface PdfOptions {
  title: string;
  author: string;
  subject?: string;
  /** The document's date (pdfkit also hashes it into the file id): the caller's, for stable bytes. */
  creationDate: Date;
  /** BCP 47, e.g. en-MY. */
  lang?: string;
  /** Compress content streams (default true). */
  compress?: boolean;
  /** Keep pages to revisit (footers with "Page x of y"). */
  bufferPages?: boolean;
  margin?: number;
}

export interface Pdf {
  doc: Doc;
  text: PdfWriter;
  /** Ends the document; resolves to its bytes. */
  finish(): Promise<Buffer>;
}

/** An A4 document with the app's fonts. */
export function createPdf(options: PdfOptions): Pdf {
  const margin = options.margin ?? 50;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin },
    compress: options.compress ?? true,
    bufferPages: options.bufferPages ?? false,
    ...(options.lang ? { lang: options.lang } : {}),
    displayTitle: true,
    // No default font: every text goes through PdfWriter (no Helvetica in the file).
    font: '',
    info: {
      Title: options.title,
      Author: options.author,
      ...(options.subject ? { Subject: options.subject } : {}),
      Creator: 'Serambi',
      CreationDate: options.creationDate,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    text: new PdfWriter(doc),
    finish() {
      doc.end();
      return done;
    },
  };
}
