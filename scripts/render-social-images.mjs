// Renders the PNG twin of every hero drawn as SVG under public/demo (`klinik-hero.svg` →
// `klinik-hero.png`), 1200×630, for og:image and twitter:image: social networks do not render
// SVG. Run it after changing a hero: `node scripts/render-social-images.mjs`. Uses the Chromium the
// tests use (scripts/chromium-path.mjs), never a downloaded browser. The PNGs are committed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumForTests } from './chromium-path.mjs';

const SOCIAL_WIDTH = 1200;
const SOCIAL_HEIGHT = 630;

const root = path.resolve(import.meta.dirname, '..');
const folder = path.join(root, 'public/demo');
const heroes = readdirSync(folder).filter((name) => name.endsWith('-hero.svg'));

const browserBinary = await chromiumForTests();
const browser = await chromium.launch({
  executablePath: browserBinary.executablePath,
  ...(Object.keys(browserBinary.env).length > 0 ? { env: { ...process.env, ...browserBinary.env } } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: SOCIAL_WIDTH, height: SOCIAL_HEIGHT } });
  for (const name of heroes) {
    const svg = readFileSync(path.join(folder, name), 'utf8');
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    // The artwork fills the card, cropped top and bottom to the 1.91:1 the networks show.
    await page.setContent(
      `<!doctype html><html><body style="margin:0"><img src="${src}" style="display:block;width:${SOCIAL_WIDTH}px;height:${SOCIAL_HEIGHT}px;object-fit:cover"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const out = path.join(folder, name.replace(/\.svg$/, '.png'));
    await page.screenshot({ path: out, clip: { x: 0, y: 0, width: SOCIAL_WIDTH, height: SOCIAL_HEIGHT } });
    console.log(`${path.relative(root, out)} ${SOCIAL_WIDTH}×${SOCIAL_HEIGHT}`);
  }
} finally {
  await browser.close();
}
