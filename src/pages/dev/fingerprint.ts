import type { APIRoute } from 'astro';
import { tableFingerprints } from '#server/fingerprint-repo.server.ts';
import { json } from '#server/http.ts';

/**
 * Developer aid (the route table's `dev` family: open only where the developer aids are): each table's row count and content hash, so the fuzz suite
 * (e2e/fuzz.spec.ts) can check that malformed requests wrote nothing.
 */
export const GET: APIRoute = async ({ locals }) => {
  return json(await tableFingerprints(locals.db), { headers: { 'Cache-Control': 'no-store' } });
};
