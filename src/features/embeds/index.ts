// Embeds, a platform concern (docs/decisions/0015-embeds-platform.md): the sites allowed to frame
// a tenant's embeddable views, the `/embed.js` loader and the rules of links inside a frame.
// Which routes are embeddable is the route table's word (src/pipeline/route-policy.ts).

export type { EmbedOriginsChangedEvent } from './embed-events';
export { embedLink, keepEmbed } from './embed-links';
export { EMBED_KINDS, EMBED_LOADER_BUDGET, type EmbedKind, embedFrameUrl, embedLoaderSource } from './embed-loader';
export {
  cleanEmbedOrigins,
  embedTargetOrigin,
  MAX_EMBED_ORIGINS,
  normaliseOrigin,
  parseOriginLines,
} from './embed-origins';
export type { EmbedOriginsUpdate } from './embed-origins.server';
export { staysFramed } from './embed-routes';
