import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { campaignImagesFrom, coverAtWidth } from './campaign-image.server';

/** A photo-like picture (noise compresses as a photo does, unlike a flat colour). */
async function aPhoto(width: number, height: number): Promise<Uint8Array> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 104_729) % 251;
  return new Uint8Array(
    await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

describe('a campaign cover at the width it is shown (issue 25)', () => {
  it('resizes the stored cover to WebP at the width asked, smaller than the original', async () => {
    const [cover] = (await campaignImagesFrom(await aPhoto(2000, 1200))) ?? [];
    if (!cover) throw new Error('no cover');
    const image = { bytes: cover.bytes, contentType: cover.contentType, version: 'v1' };
    const small = await coverAtWidth('t:c:v1', image, 400);
    expect(small?.contentType).toBe('image/webp');
    expect(small?.version).toBe('v1');
    const meta = await sharp(small?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 225]);
    expect(small?.bytes.length).toBeLessThan(cover.bytes.length / 4);
  });

  it('makes each size once and answers it again from memory', async () => {
    const image = { bytes: await aPhoto(1600, 900), contentType: 'image/jpeg', version: 'v2' };
    const first = coverAtWidth('t:c:v2', image, 800);
    expect(coverAtWidth('t:c:v2', image, 800)).toBe(first);
    expect((await sharp((await first)?.bytes).metadata()).width).toBe(800);
  });

  it('never enlarges a small original, and answers null for bytes that are no picture', async () => {
    const image = { bytes: await aPhoto(600, 338), contentType: 'image/jpeg', version: 'v3' };
    expect((await sharp((await coverAtWidth('t:c:v3', image, 1200))?.bytes).metadata()).width).toBe(600);
    const broken = { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/jpeg', version: 'v4' };
    expect(await coverAtWidth('t:c:v4', broken, 400)).toBeNull();
  });
});
