import type { APIRoute } from 'astro';
import { lookupPostcode, PostcodeQuery } from '#features/postcodes/index.server.ts';
import { badRequest, json } from '#server/http.ts';

/** SPEC.md §7: the city, state and country of a 5-character postcode. */
export const GET: APIRoute = async ({ url, locals }) => {
  const query = PostcodeQuery.safeParse({ postcode: url.searchParams.get('postcode') ?? '' });
  if (!query.success) return badRequest(query.error, locals.t);
  const results = await lookupPostcode(locals.db, query.data.postcode);
  return json(results, { headers: { 'Cache-Control': 'public, max-age=86400' } });
};
