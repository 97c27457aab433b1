import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '#db/seed/tenants.ts';
import { socialImagePath } from './tenant';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString() !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('social images', () => {
  it('shares an SVG as its PNG twin and other images as they are', () => {
    expect(socialImagePath('/demo/klinik-hero.svg')).toBe('/demo/klinik-hero.png');
    expect(socialImagePath('/campaigns/banner.jpg')).toBe('/campaigns/banner.jpg');
  });

  // The heroes the seed gives tenants (demo.server.ts): each needs its rendered PNG, at the
  // 1200×630 the networks show (scripts/render-social-images.mjs).
  it.each(DEMO_TENANTS.map((t) => t.slug))('%s has a 1200×630 PNG to share', (slug) => {
    const file = path.join(publicDir, socialImagePath(`/demo/${slug}-hero.svg`));
    expect(pngSize(readFileSync(file))).toEqual({ width: 1200, height: 630 });
  });
});
