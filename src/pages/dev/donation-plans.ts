import type { APIRoute } from 'astro';
import { z } from 'zod';
import { devRecurringGift } from '#features/donations/index.server.ts';
import { badRequest, json, readJson } from '#server/http.ts';

const Body = z.object({
  locale: z.enum(['en', 'ms', 'id']).optional(),
  method: z.enum(['card', 'counter']).default('card'),
});

/**
 * Developer aid (SHOW_DEV_PAGES=1): a monthly gift through the real checkout with its first gift
 * paid, answering the manage page's path — the signed link its receipt carries.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const body = Body.safeParse((await readJson(request)) ?? {});
  if (!body.success) return badRequest(body.error, locals.t);
  const locale = body.data.locale ?? locals.locale;
  const result = await devRecurringGift(locals.db, {
    tenant: locals.tenant,
    locale,
    method: body.data.method,
    ip: locals.clientIp,
    origin: locals.origin,
    host: request.headers.get('host') ?? new URL(locals.origin).host,
  });
  if ('error' in result) return json({ error: result.error }, { status: 409 });
  return json({ planId: result.planId, manageUrl: result.manageUrl });
};
