// A short-lived in-process cache of availability feeds (issue 11), per tenant + service +
// practitioner + period. Pure: no I/O, no clock of its own (callers pass `now`).
//
// Correctness first: a slot just taken must never be offered once the taker's request returned.
//   - Every booking change of a tenant drops all of the tenant's entries (`invalidate`), after its
//     transaction committed. Per tenant, not per service: a booking for one service takes the
//     practitioner's time from every other service they deliver.
//   - A reader that began computing before such a change may finish after it, holding what it
//     read before the commit: each tenant has a generation, bumped by `invalidate`; `set` stores
//     only when the generation is still the one the reader saw when it began (`begin`).
//   - An entry lives `ttlMs` at most, and never past `validUntil` (the moment the clock alone
//     would change the answer: the first offered slot falling inside the minimum notice, or the
//     tenant's midnight moving the horizon). Holds that lapse by the clock free their time
//     within `ttlMs` (the safe direction: a free slot shown late, never a taken one shown).
export interface CachedFeed {
  body: string;
  etag: string;
}

interface Entry extends CachedFeed {
  tenantId: string;
  expiresAt: number;
}

export interface AvailabilityCacheOptions {
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
}

export class AvailabilityCache {
  readonly #entries = new Map<string, Entry>();
  readonly #generations = new Map<string, number>();
  readonly #options: AvailabilityCacheOptions;
  /** Bumped by `clear`: outdates every reader, of every tenant. */
  #epoch = 0;

  constructor(options: AvailabilityCacheOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** A fresh entry, or undefined (an expired one is dropped). */
  get(key: string, now: number): CachedFeed | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now >= entry.expiresAt) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The tenant's generation before computing: `set` stores only if no change happened since. */
  begin(tenantId: string): number {
    // Both parts only grow, so any bump of either changes the sum.
    return this.#epoch + (this.#generations.get(tenantId) ?? 0);
  }

  /** Stores a feed computed from data read after `begin` returned `generation`; false if outdated. */
  set(
    tenantId: string,
    key: string,
    feed: CachedFeed,
    generation: number,
    times: { now: number; validUntil: number },
  ): boolean {
    if (this.begin(tenantId) !== generation) return false;
    const expiresAt = Math.min(times.now + this.#options.ttlMs, times.validUntil);
    if (!(expiresAt > times.now)) return false;
    this.#entries.delete(key);
    this.#entries.set(key, { ...feed, tenantId, expiresAt });
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return true;
  }

  /** Something the tenant's availability depends on changed: forget it all, refuse late writers. */
  invalidate(tenantId: string): void {
    this.#generations.set(tenantId, (this.#generations.get(tenantId) ?? 0) + 1);
    for (const [key, entry] of this.#entries) if (entry.tenantId === tenantId) this.#entries.delete(key);
  }

  /** Everything (a gap in cross-instance delivery, tests). */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }
}
