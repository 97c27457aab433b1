import type { APIRoute } from 'astro';
import { json } from '#server/http.ts';
import { browserRealtime } from '#server/realtime/index.ts';

/**
 * `GET /api/realtime/token` — how this browser should connect: `{ provider: 'local' }` (SSE from
 * /api/realtime) or `{ provider: 'ably', realm, tokenRequest }`, a request signed with our key
 * for a subscribe-only token on this tenant's channels. The key itself never leaves the server.
 */
export const GET: APIRoute = async ({ locals }) => {
  return json(await browserRealtime(locals.tenant.id), { headers: { 'Cache-Control': 'no-store' } });
};
