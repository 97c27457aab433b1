import type { APIRoute } from 'astro';
import { DomainVerificationsQuery, domainVerificationsFor } from '#features/tenants/index.server.ts';
import { badRequest, json } from '#server/http.ts';

/** SPEC.md §7: `{ results }` — the domain verifications of the tenant owning `domain`. */
export const GET: APIRoute = async ({ url, locals }) => {
  const query = DomainVerificationsQuery.safeParse({ domain: url.searchParams.get('domain') ?? '' });
  if (!query.success) return badRequest(query.error, locals.t);
  const results = await domainVerificationsFor(locals.db, query.data.domain);
  return json({ results }, { headers: { 'Cache-Control': 'public, max-age=300' } });
};
