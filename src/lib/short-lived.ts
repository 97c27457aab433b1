/**
 * Answers kept for a moment and shared: while one is fresh (`ttlMs`), every ask for its key gets
 * it, and asks at the same time share one load — a crowd opening one page costs one read a moment,
 * not one each. A failed load is not kept. `put` replaces an answer the caller knows changed.
 */
export function shortLived<V>(ttlMs: number, options: { maxKeys?: number; now?: () => number } = {}) {
  const { maxKeys = 1000, now = Date.now } = options;
  const kept = new Map<string, { value: Promise<V>; until: number }>();
  const keep = (key: string, value: Promise<V>) => {
    if (!kept.has(key) && kept.size >= maxKeys) kept.delete(kept.keys().next().value as string);
    const entry = { value, until: now() + ttlMs };
    kept.set(key, entry);
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
  };
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const entry = kept.get(key);
      if (entry && entry.until > now()) return entry.value;
      const value = load();
      keep(key, value);
      return value;
    },
    put(key: string, value: V): void {
      keep(key, Promise.resolve(value));
    },
    forget(key: string): void {
      kept.delete(key);
    },
  };
}
