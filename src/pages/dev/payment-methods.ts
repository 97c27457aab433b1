import type { APIRoute } from 'astro';
import { z } from 'zod';
import { setMethodsEnabled } from '../../features/payments';
import { db } from '../../server/database.server';
import { devAidsFor } from '../../server/dev-aids';
import { badRequest, json, readJson } from '../../server/http';

const Body = z.object({ enabled: z.boolean() });

/** Developer aid (SHOW_DEV_PAGES=1): switch all of this tenant's payment methods off or on. */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  if (!devAidsFor(context)) return new Response('Not found', { status: 404 });
  const body = Body.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  await setMethodsEnabled(await db(), locals.tenant.id, body.data.enabled);
  return json({ ok: true });
};
