import type { Db } from '../../db/client.server';
import { findSettings } from './booking-repo.server';
import { cleanEmbedOrigins } from './embed';
import { updateEmbedOrigins } from './embed-repo.server';

/**
 * The origins that may frame this tenant's booking embed (`booking_settings.embed_origins`),
 * cleaned: read per request of an embed route (one primary-key lookup), so a change shows at once.
 */
export async function embedOriginsFor(db: Db, tenantId: string): Promise<string[]> {
  return cleanEmbedOrigins((await findSettings(db, tenantId)).embedOrigins);
}

/** Replaces the allowed origins with the valid ones given; returns what was stored. */
export async function saveEmbedOrigins(db: Db, tenantId: string, origins: unknown): Promise<string[]> {
  const clean = cleanEmbedOrigins(origins);
  await updateEmbedOrigins(db, tenantId, clean);
  return clean;
}
