/** SPEC.md §4, §9: a failed lazy chunk reloads the page once, at most once per 60 seconds. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'serambi:chunk-reload-at';

export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/** True for the errors browsers raise when a dynamically imported module cannot be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

export interface ReloadStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Reloads when allowed; returns whether it did. */
export function reloadOnce(storage: ReloadStorage, reload: () => void, now = Date.now()): boolean {
  const raw = storage.getItem(CHUNK_RELOAD_KEY);
  const last = raw === null ? null : Number(raw);
  if (!shouldReload(now, Number.isFinite(last) ? last : null)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
