/** SPEC.md §9: links are prefetched when the browser is idle (2000 ms at the latest)… */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** …except on 2g connections or with data saver on. */
export function canPrefetch(connection: ConnectionLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/2g/.test(connection.effectiveType ?? '');
}
