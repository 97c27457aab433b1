import type { APIRoute } from 'astro';
import { z } from 'zod';
import { saveEmbedOrigins } from '#features/embeds/index.server.ts';
import { badRequest, json, readJson } from '#server/http.ts';

const Body = z.object({ origins: z.array(z.string().max(200)).max(20) });

/**
 * Developer aid (SHOW_DEV_PAGES=1): sets the origins allowed to frame this tenant's booking
 * embed (tenant_embed_origins), so browser tests can frame it from a host page.
 */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const body = Body.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const origins = await saveEmbedOrigins(locals.db, locals.tenant.id, body.data.origins);
  return json({ origins });
};
