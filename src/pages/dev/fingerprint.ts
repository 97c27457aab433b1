import type { APIRoute } from 'astro';
import { env } from '../../server/config.server';
import { db } from '../../server/database.server';
import { tableFingerprints } from '../../server/fingerprint-repo.server';
import { json } from '../../server/http';

/**
 * Developer aid (SHOW_DEV_PAGES=1): each table's row count and content hash, so the fuzz suite
 * (e2e/fuzz.spec.ts) can check that malformed requests wrote nothing.
 */
export const GET: APIRoute = async () => {
  if (!env().SHOW_DEV_PAGES) return new Response('Not found', { status: 404 });
  return json(await tableFingerprints(await db()), { headers: { 'Cache-Control': 'no-store' } });
};
