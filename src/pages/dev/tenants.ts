import type { APIRoute } from 'astro';
import { z } from 'zod';
import { createTenant } from '#features/tenants/index.server.ts';
import { badRequest, json, readJson } from '#server/http.ts';

const text = z.string().max(300).optional();
const Body = z.object({
  name: text,
  slug: text,
  kind: text,
  hosts: z.array(z.string().max(300)).max(5),
  currency: text,
  language: text,
  timeZone: text,
  owner: text,
  ownerName: text,
  port: z.number().int().min(1).max(65535).optional(),
});

/**
 * Developer aid (SHOW_DEV_PAGES=1): creates an organisation through the use case of
 * `npm run tenant -- create`, for browser tests, whose server holds the embedded database (the
 * command cannot open it meanwhile). Answers the owner's invitation link, or the problems (400).
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const body = Body.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const { port, ...input } = body.data;
  const created = await createTenant(locals.db, input, port ? { port } : {});
  if (!created.ok) {
    const problems = created.problems.map((p) => locals.t(p.key, { value: p.value }));
    return json({ error: problems[0], problems }, { status: 400 });
  }
  return json({ slug: created.tenant.slug, host: created.tenant.primaryHost, ownerLink: created.owner.link });
};
