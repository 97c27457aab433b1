import type { APIRoute } from 'astro';
import { z } from 'zod';
import { setMethodsEnabled } from '#features/payments/index.server.ts';
import { badRequest, json, readJson } from '#server/http.ts';

const Body = z.object({ enabled: z.boolean() });

/** Developer aid (SHOW_DEV_PAGES=1): switch all of this tenant's payment methods off or on. */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const body = Body.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  await setMethodsEnabled(locals.db, locals.tenant.id, body.data.enabled);
  return json({ ok: true });
};
