import sharp from 'sharp';
import type { CampaignImageKind } from './campaign';
import type { CoverWidth } from './campaign-image-sizes';

// Campaign pictures are resized on upload, once: the cover for the page (at most 1600×900) and
// the share picture social networks show (exactly 1200×630, at most 300 KB, as they ask).

/** The largest upload accepted (a phone photo). */
export const MAX_CAMPAIGN_UPLOAD_BYTES = 10 * 1024 * 1024;
export const SHARE_IMAGE = { width: 1200, height: 630, maxBytes: 300 * 1024 } as const;
export const COVER_IMAGE = { width: 1600, height: 900 } as const;

export interface ProcessedImage {
  kind: CampaignImageKind;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  bytes: Uint8Array;
}

/**
 * The cover and share pictures from one uploaded picture (JPEG, PNG, WebP, GIF, AVIF or SVG),
 * cropped to fill; null when the bytes are not a picture sharp can read.
 */
export async function campaignImagesFrom(input: Uint8Array): Promise<ProcessedImage[] | null> {
  try {
    // Decoded (and, for an SVG, rasterised) once, at the cover's size; both pictures come from it.
    const decoded = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: COVER_IMAGE.width, height: COVER_IMAGE.height, fit: 'cover' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } };
    const cover = await sharp(decoded.data, raw).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
    let share: Buffer | null = null;
    for (const quality of [82, 70, 58, 46, 36]) {
      share = await sharp(decoded.data, raw)
        .resize({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fit: 'cover' })
        .jpeg({ quality })
        .toBuffer();
      if (share.length <= SHARE_IMAGE.maxBytes) break;
    }
    if (!share || share.length > SHARE_IMAGE.maxBytes) return null;
    return [
      {
        kind: 'cover',
        contentType: 'image/jpeg',
        width: cover.info.width,
        height: cover.info.height,
        bytes: new Uint8Array(cover.data),
      },
      {
        kind: 'share',
        contentType: 'image/jpeg',
        width: SHARE_IMAGE.width,
        height: SHARE_IMAGE.height,
        bytes: new Uint8Array(share),
      },
    ];
  } catch {
    return null;
  }
}

/** A picture as stored: its bytes and the version its URL carries. */
export interface StoredImage {
  bytes: Uint8Array;
  contentType: string;
  version: string;
}

/**
 * Resized covers, by tenant, campaign, version and width: made once, on the first request of that
 * size, and kept (a viral campaign's readers ask for the same few). At most VARIANT_CACHE_BYTES;
 * the oldest made goes first. A new upload has a new version, so a kept picture is never stale.
 */
const VARIANT_CACHE_BYTES = 24 * 1024 * 1024;
const variants = new Map<string, Promise<StoredImage | null>>();
const variantSizes = new Map<string, number>();
let variantBytes = 0;

function keep(name: string, bytes: number) {
  variantSizes.set(name, bytes);
  variantBytes += bytes;
  for (const [oldest, size] of variantSizes) {
    if (variantBytes <= VARIANT_CACHE_BYTES || oldest === name) break;
    variantSizes.delete(oldest);
    variants.delete(oldest);
    variantBytes -= size;
  }
}

/**
 * The cover at `width` pixels wide, as WebP (a fraction of the JPEG's bytes at the same look), or
 * null when the stored bytes cannot be read. `key` names the picture (tenant, campaign, version).
 */
export function coverAtWidth(key: string, image: StoredImage, width: CoverWidth): Promise<StoredImage | null> {
  const name = `${key}:${width}`;
  const kept = variants.get(name);
  if (kept) return kept;
  const made = sharp(image.bytes)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer()
    .then(
      (bytes) => {
        keep(name, bytes.length);
        return { bytes: new Uint8Array(bytes), contentType: 'image/webp', version: image.version };
      },
      () => {
        variants.delete(name);
        return null;
      },
    );
  variants.set(name, made);
  return made;
}
