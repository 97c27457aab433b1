import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processPhoto } from './fundraiser-photo.server';

describe('fundraiser photos', () => {
  it('re-encodes to a JPEG within 1200×900 and drops the camera metadata', async () => {
    const input = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'secret-place' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const photo = await processPhoto(new Uint8Array(input));
    if (!photo) throw new Error('not processed');
    const meta = await sharp(photo.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(800);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses bytes that are not a picture', async () => {
    expect(await processPhoto(new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01]))).toBeNull();
  });
});
