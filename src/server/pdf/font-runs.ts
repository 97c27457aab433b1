// Font fallback for runs of text (pure): which face of a chain draws each part of a string.
//
// A string is cut into clusters (a base character with the marks, joiners and variation
// selectors that follow it), so a mark is never drawn in another font than its letter. Each
// cluster goes to the first face of the chain that has every code point of it; spaces, digits and
// punctuation that the current face also has stay in the current run, so "李明 (Tan)" is not cut
// at the space. A cluster no face has becomes "?" in the first face.

/** What the splitter needs of a face: does it have a glyph for this code point? */
export interface CoveringFace {
  covers(codePoint: number): boolean;
}

export interface FontRun<Face> {
  face: Face;
  text: string;
}

const JOINING = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;
/** Characters of no script of their own: they keep the face of the text around them. */
const NEUTRAL = /^[\s\p{P}\p{S}\p{N}]+$/u;

/** Splits text into clusters: a base character with the marks and joiners after it. */
export function clusters(text: string): string[] {
  const out: string[] = [];
  for (const char of text) {
    const last = out.length - 1;
    // A virama (a mark) + ZWJ/ZWNJ + the next consonant stay one cluster in Indic scripts.
    const joined = last >= 0 && /[\u200c\u200d]$/u.test(out[last] ?? '');
    if (last >= 0 && (JOINING.test(char) || joined)) out[last] += char;
    else out.push(char);
  }
  return out;
}

function coversAll<Face extends CoveringFace>(face: Face, cluster: string): boolean {
  for (const char of cluster) if (!face.covers(char.codePointAt(0) ?? 0)) return false;
  return true;
}

/**
 * The runs of `text` in the faces of `chain` (the first face is the main one). `faceOf` may
 * pick a concrete face inside a chain entry (a CJK font split into slices).
 */
export function fontRuns<Face extends CoveringFace>(text: string, chain: readonly Face[]): FontRun<Face>[] {
  const main = chain[0];
  if (!main) throw new Error('fontRuns: an empty chain');
  const runs: FontRun<Face>[] = [];
  let current: FontRun<Face> | null = null;
  for (const cluster of clusters(text)) {
    let face: Face | undefined;
    let drawn = cluster;
    if (current && NEUTRAL.test(cluster) && coversAll(current.face, cluster)) face = current.face;
    else face = chain.find((candidate) => coversAll(candidate, cluster));
    if (!face) {
      // No face has all of it: the base letter alone if some face has it, else a question mark.
      const base = [...cluster][0] ?? '?';
      face = chain.find((candidate) => candidate.covers(base.codePointAt(0) ?? 0));
      drawn = face ? base : '?';
      face ??= main;
    }
    if (current && current.face === face) current.text += drawn;
    else {
      current = { face, text: drawn };
      runs.push(current);
    }
  }
  return runs;
}
