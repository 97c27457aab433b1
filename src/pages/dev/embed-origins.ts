import type { APIRoute } from 'astro';
import { z } from 'zod';
import { saveEmbedOrigins } from '../../features/booking';
import { env } from '../../server/config.server';
import { db } from '../../server/database.server';
import { badRequest, json, readJson } from '../../server/http';

const Body = z.object({ origins: z.array(z.string().max(200)).max(20) });

/**
 * Developer aid (SHOW_DEV_PAGES=1): sets the origins allowed to frame this tenant's booking
 * embed (booking_settings.embed_origins), so browser tests can frame it from a host page.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!env().SHOW_DEV_PAGES) return new Response('Not found', { status: 404 });
  const body = Body.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const origins = await saveEmbedOrigins(await db(), locals.tenant.id, body.data.origins);
  return json({ origins });
};
