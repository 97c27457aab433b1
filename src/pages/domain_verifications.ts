import type { APIRoute } from 'astro';
import { z } from 'zod';
import { domainVerificationsFor } from '../features/tenants';
import { db } from '../server/database.server';
import { badRequest, json } from '../server/http';

const Query = z.object({ domain: z.string().trim().min(1, { message: 'error.domainRequired' }).max(253) });

/** SPEC.md §7: `{ results }` — the domain verifications of the tenant owning `domain`. */
export const GET: APIRoute = async ({ url, locals }) => {
  const query = Query.safeParse({ domain: url.searchParams.get('domain') ?? '' });
  if (!query.success) return badRequest(query.error, locals.t);
  const results = await domainVerificationsFor(await db(), query.data.domain);
  return json({ results }, { headers: { 'Cache-Control': 'public, max-age=300' } });
};
