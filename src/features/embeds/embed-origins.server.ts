import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { events, runAfterCommit } from '#server/events/index.ts';
import { cleanEmbedOrigins, MAX_EMBED_ORIGINS, parseOriginLines } from './embed-origins';
import { findEmbedOrigins, replaceEmbedOrigins } from './embed-origins-repo.server';

/**
 * The origins that may frame this tenant's embeddable views (`tenant_embed_origins`), cleaned:
 * read per request of an embed route (one indexed lookup), so a change shows at once.
 */
export async function embedOriginsFor(db: Db, tenantId: string): Promise<string[]> {
  return cleanEmbedOrigins(await findEmbedOrigins(db, tenantId));
}

/**
 * Replaces the allowed origins with the valid ones given; returns what was stored. Tells the bus
 * (`embed-origins.changed`): pages kept for the embed carry the list.
 */
export async function saveEmbedOrigins(db: Db, tenantId: string, origins: unknown): Promise<string[]> {
  const clean = cleanEmbedOrigins(origins);
  const after = await transaction(
    db,
    async (tx) => {
      await replaceEmbedOrigins(tx, tenantId, clean);
      return events.emit(tx, 'embed-origins.changed', { tenantId });
    },
    { name: 'embed origins' },
  );
  await runAfterCommit(after, (error) => log.warn('after saving embed origins', errorFields(error)));
  return clean;
}

export type EmbedOriginsUpdate =
  | { ok: true; origins: string[] }
  | { ok: false; reason: 'invalid'; invalid: string[] }
  | { ok: false; reason: 'too_many'; max: number }
  | { ok: false; reason: 'malformed' };

/** Longest origins text the owner's form may post (20 origins of 200 characters and line breaks). */
const MAX_ORIGINS_TEXT = 10_000;

/**
 * The owner's form (one site per line): stored only when every line is an http(s) origin and
 * there are at most 20; otherwise nothing is written and the offending lines are returned. A post
 * without the field (a malformed or foreign post) or longer than the form allows is refused
 * whole: only a present, empty field clears the list.
 */
export async function updateEmbedOriginsFromForm(
  db: Db,
  tenantId: string,
  text: string | undefined,
): Promise<EmbedOriginsUpdate> {
  if (typeof text !== 'string' || text.length > MAX_ORIGINS_TEXT) return { ok: false, reason: 'malformed' };
  const parsed = parseOriginLines(text);
  if (parsed.invalid.length > 0) return { ok: false, reason: 'invalid', invalid: parsed.invalid };
  if (parsed.tooMany) return { ok: false, reason: 'too_many', max: MAX_EMBED_ORIGINS };
  return { ok: true, origins: await saveEmbedOrigins(db, tenantId, parsed.origins) };
}
