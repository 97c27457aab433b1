import type { APIRoute } from 'astro';
import { embedLoaderSource } from '../features/booking/embed-loader';
import { LOCALES, type Locale } from '../i18n/locales';
import { translator } from '../i18n/t';

/**
 * `/embed.js`: the booking embed loader other sites paste (see embed-loader.ts). Same script for
 * every visitor of a tenant, so any site may load it and caches may keep it for a day.
 */
export const GET: APIRoute = ({ locals }) => {
  const titles = Object.fromEntries(
    LOCALES.map((locale) => [locale, translator(locale)('embed.frameTitle', { organisation: locals.tenant.name })]),
  ) as Record<Locale, string>;
  return new Response(embedLoaderSource(titles), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
};
