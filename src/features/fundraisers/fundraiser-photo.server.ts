import sharp from 'sharp';

// A fundraiser's photo, once checked by type and size (fundraiser-rules.ts fileProblem), is
// re-encoded: turned upright, at most 1200×900, JPEG, with the camera's metadata (EXIF, GPS
// position) left behind — a phone photo must not publish where it was taken.

export const PHOTO_BOX = { width: 1200, height: 900 } as const;

/** The photo as served; null when sharp cannot read the bytes. */
export async function processPhoto(
  input: Uint8Array,
): Promise<{ contentType: 'image/jpeg'; bytes: Uint8Array } | null> {
  try {
    const out = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_BOX.width, height: PHOTO_BOX.height, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { contentType: 'image/jpeg', bytes: new Uint8Array(out) };
  } catch {
    return null;
  }
}
