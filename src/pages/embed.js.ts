import type { APIRoute } from 'astro';
import { type EmbedKind, embedLoaderSource } from '#features/embeds/index.ts';
import { LOCALES, type Locale } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { translator } from '#i18n/t.ts';

/** The iframe's accessible name of each embeddable view. */
const FRAME_TITLES: Record<EmbedKind, MessageKey> = {
  booking: 'embed.frameTitle',
  'donation-form': 'embed.frameTitleDonation',
  campaign: 'embed.frameTitleCampaign',
};

/**
 * `/embed.js`: the embed loader other sites paste (see features/embeds/embed-loader.ts). Same
 * script for every visitor of a tenant, so any site may load it and caches may keep it for a day.
 */
export const GET: APIRoute = ({ locals }) => {
  const organisation = locals.tenant.name;
  const titles = Object.fromEntries(
    Object.entries(FRAME_TITLES).map(([kind, key]) => [
      kind,
      Object.fromEntries(LOCALES.map((locale) => [locale, translator(locale)(key, { organisation })])),
    ]),
  ) as Record<EmbedKind, Record<Locale, string>>;
  return new Response(embedLoaderSource(titles), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
};
