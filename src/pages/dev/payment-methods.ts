import type { APIRoute } from 'astro';
import { z } from 'zod';
import { setMethodsEnabled } from '../../features/payments';
import { env } from '../../server/config.server';
import { db } from '../../server/database.server';
import { badRequest, json, readJson } from '../../server/http';

const Body = z.object({ enabled: z.boolean() });

/** Developer aid (SHOW_DEV_PAGES=1): switch all of this tenant's payment methods off or on. */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!env().SHOW_DEV_PAGES) return new Response('Not found', { status: 404 });
  const body = Body.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  await setMethodsEnabled(await db(), locals.tenant.id, body.data.enabled);
  return json({ ok: true });
};
