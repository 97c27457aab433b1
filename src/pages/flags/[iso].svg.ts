import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRoute } from 'astro';

const require = createRequire(import.meta.url);
const flagsDir = path.join(path.dirname(require.resolve('country-flag-icons')), '3x2');

/** Country flags (SPEC.md §3: a flag image per country), from the country-flag-icons package. */
export const GET: APIRoute = async ({ params }) => {
  const iso = (params.iso ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(iso)) return new Response('Not found', { status: 404 });
  try {
    const svg = await readFile(path.join(flagsDir, `${iso}.svg`));
    return new Response(svg, {
      headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
};
