/**
 * The in-process cache of public pages (docs/decisions/0018-page-cache.md): whole responses of
 * pages that are the same for every visitor of a tenant and language, kept for seconds, dropped at
 * once when what they show changes. Pure: no I/O; the clock is injected.
 *
 * - Keyed by a string the caller builds (tenant, language, host, path, query, embed).
 * - Single-flight: concurrent misses of one key render once; the others wait for that render.
 * - Invalidation by tenant and tag; a render that started before an invalidation of its tenant is
 *   handed to its waiters but never stored (it may show what just changed).
 * - Bounded: least recently used entries go first past `maxEntries` or `maxBytes`.
 * - Stale while revalidating: a page past its `ttlSeconds` but within `staleSeconds` more is still
 *   answered, at once, while one render for everyone refreshes it in the background (a viral
 *   campaign page never makes its readers wait for a render). An invalidation drops it outright.
 */

/**
 * What a cached page shows, by kind: `tenant` (name, theme, offers, settings — every page),
 * `catalogue` (services, categories, practitioners), `embed` (the sites allowed to frame it:
 * pages rendered for the embed), `campaigns` (donation campaigns, later).
 */
export type PageTag = 'tenant' | 'catalogue' | 'embed' | 'campaigns' | 'loyalty' | 'reviews';

export const PAGE_TAGS: readonly PageTag[] = ['tenant', 'catalogue', 'embed', 'campaigns', 'loyalty', 'reviews'];

/** A change that drops pages: a tenant's pages with any of `tags`, or all of its pages. */
export interface PageInvalidation {
  tenantId: string;
  /** Absent: every page of the tenant. */
  tags?: PageTag[];
}

/** A stored response: status, headers (no cookies) and the body's bytes. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

interface Entry {
  page: CachedPage;
  tenantId: string;
  tags: ReadonlySet<PageTag>;
  expiresAt: number;
  /** Until then, past `expiresAt`, it is answered while a fresh one renders. */
  staleUntil: number;
}

export interface PageCacheOptions {
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

export interface PageSpec {
  key: string;
  tenantId: string;
  /** Every page also carries `tenant`. */
  tags: readonly PageTag[];
  ttlSeconds: number;
  /** Past `ttlSeconds`, how long more the page may be answered while it is rendered again. */
  staleSeconds?: number;
}

/**
 * How a page was answered: from the cache, rendered and stored, shared with a render under way,
 * from the cache past its time while it renders again (`stale`), or rendered and not stored.
 */
export type CacheOutcome = 'hit' | 'miss' | 'shared' | 'stale' | 'uncacheable';

/** The page (from the cache or rendered), or a response that was not kept, for its own caller only. */
export type Served = { outcome: CacheOutcome; page: CachedPage } | { outcome: 'uncacheable'; response: Response };

/** What a render gave: a page to keep, or a response that must not be kept (an error, a redirect). */
export type Rendered = { cacheable: true; page: CachedPage } | { cacheable: false; response: Response };

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inflight = new Map<string, { tenantId: string; page: Promise<CachedPage | null> }>();
  /** Bumped by every invalidation of a tenant: a render older than the bump is not stored. */
  readonly #generations = new Map<string, number>();
  readonly #now: () => number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(options: PageCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The stored page, if fresh (and marks it recently used). */
  get(key: string): CachedPage | null {
    const entry = this.#kept(key);
    return entry && entry.expiresAt > this.#now() ? entry.page : null;
  }

  /** The entry, fresh or still within its stale time (marked recently used); past that, dropped. */
  #kept(key: string): Entry | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (Math.max(entry.expiresAt, entry.staleUntil) <= this.#now()) {
      this.#delete(key, entry);
      return null;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** The strong ETag of the stored page, if fresh (the front door's check that its copy is current). */
  etagOf(key: string): string | null {
    const page = this.get(key);
    if (!page) return null;
    return page.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1] ?? null;
  }

  /**
   * The page from the cache, or rendered once for everyone asking at the same time. A render that
   * is not cacheable is answered as it is to its own caller; whoever waited on it renders their own
   * (`render` is called again for them), so no one gets another visitor's error or redirect.
   */
  async serve(spec: PageSpec, render: () => Promise<Rendered>): Promise<Served> {
    const kept = this.#kept(spec.key);
    if (kept && kept.expiresAt > this.#now()) return { page: kept.page, outcome: 'hit' };
    if (kept) {
      // Past its time but within its stale time: answered now, rendered again once in the background.
      // A render that cannot be kept (the page is gone, an error) ends the stale answers too.
      const drop = () => this.#delete(spec.key, kept);
      if (!this.#inflight.has(spec.key))
        void this.#render(spec, render).then((served) => served.outcome === 'uncacheable' && drop(), drop);
      return { page: kept.page, outcome: 'stale' };
    }
    const pending = this.#inflight.get(spec.key);
    if (pending) {
      const shared = await pending.page;
      if (shared) return { page: shared, outcome: 'shared' };
      const own = await render();
      return own.cacheable
        ? { page: own.page, outcome: 'uncacheable' }
        : { outcome: 'uncacheable', response: own.response };
    }
    return this.#render(spec, render);
  }

  /** Renders once for everyone asking (single flight) and keeps the page unless its tenant changed meanwhile. */
  async #render(spec: PageSpec, render: () => Promise<Rendered>): Promise<Served> {
    const generation = this.#generation(spec.tenantId);
    let settle: (page: CachedPage | null) => void = () => {};
    const leader = new Promise<CachedPage | null>((resolve) => {
      settle = resolve;
    });
    const flight = { tenantId: spec.tenantId, page: leader };
    this.#inflight.set(spec.key, flight);
    try {
      const rendered = await render();
      const page = rendered.cacheable ? rendered.page : null;
      settle(page);
      if (!rendered.cacheable) return { outcome: 'uncacheable', response: rendered.response };
      if (this.#generation(spec.tenantId) !== generation) return { page: rendered.page, outcome: 'uncacheable' };
      this.#store(spec, rendered.page);
      return { page: rendered.page, outcome: 'miss' };
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (this.#inflight.get(spec.key) === flight) this.#inflight.delete(spec.key);
    }
  }

  /** Drops a tenant's pages that show any of the tags (all of its pages without tags). */
  invalidate({ tenantId, tags }: PageInvalidation): number {
    this.#generations.set(tenantId, this.#generation(tenantId) + 1);
    const all = !tags || tags.length === 0 || tags.includes('tenant');
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.tenantId !== tenantId) continue;
      if (all || tags.some((tag) => entry.tags.has(tag))) {
        this.#delete(key, entry);
        dropped += 1;
      }
    }
    // A render under way may show the old state: the next visitor renders afresh.
    for (const [key, flight] of this.#inflight) if (flight.tenantId === tenantId) this.#inflight.delete(key);
    return dropped;
  }

  /** Drops everything (the invalidation channel was down: a change may have been missed). */
  clear(): void {
    for (const tenantId of new Set([...this.#entries.values()].map((e) => e.tenantId))) {
      this.#generations.set(tenantId, this.#generation(tenantId) + 1);
    }
    this.#entries.clear();
    this.#inflight.clear();
    this.#bytes = 0;
  }

  #generation(tenantId: string): number {
    return this.#generations.get(tenantId) ?? 0;
  }

  #store(spec: PageSpec, page: CachedPage) {
    if (spec.ttlSeconds <= 0 || page.body.byteLength > this.#maxBytes) return;
    const old = this.#entries.get(spec.key);
    if (old) this.#delete(spec.key, old);
    this.#entries.set(spec.key, {
      page,
      tenantId: spec.tenantId,
      tags: new Set<PageTag>(['tenant', ...spec.tags]),
      expiresAt: this.#now() + spec.ttlSeconds * 1000,
      staleUntil: this.#now() + (spec.ttlSeconds + (spec.staleSeconds ?? 0)) * 1000,
    });
    this.#bytes += page.body.byteLength;
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#delete(key, entry);
    }
  }

  #delete(key: string, entry: Entry) {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.page.body.byteLength;
  }
}
