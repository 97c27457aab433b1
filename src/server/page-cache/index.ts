import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { log } from '#lib/logger.server.ts';
import { env } from '../config.server';
import type { EventBus, EventName, ServerEvents } from '../events';
import { registerFrontDoorValidator } from '../front-door';
import { onStop } from '../lifecycle.server';
import { type FanoutLogger, type PgFanout, startPgListener } from '../realtime/pg-fanout.server';
import { decodeInvalidation, encodeInvalidation, PAGE_CACHE_CHANNEL } from './invalidation';
import { PageCache, type PageCacheOptions, type PageInvalidation } from './page-cache';
import { FRONT_DOOR_PAGES } from './serve-page';

/**
 * The page cache of this process (docs/decisions/0018-page-cache.md) and how changes reach it:
 * an event on the bus NOTIFYs `serambi_page_cache` inside the change's transaction (PostgreSQL
 * delivers it on commit, never for a change rolled back) and drops this instance's pages after
 * commit; every instance LISTENs and drops its own. On PGlite (one process) the local drop is all.
 */

export { decodeInvalidation, encodeInvalidation, PAGE_CACHE_CHANNEL } from './invalidation';
export {
  type CachedPage,
  type CacheOutcome,
  PAGE_TAGS,
  PageCache,
  type PageInvalidation,
  type PageSpec,
  type PageTag,
  type Rendered,
  type Served,
} from './page-cache';
export { type PageKeyParts, pageCacheKey } from './page-key';

export interface PageCacheNode {
  readonly cache: PageCache;
  /** Resolves once LISTEN is in place (at once without PostgreSQL). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PageCacheNodeOptions extends PageCacheOptions {
  /** PostgreSQL: the dedicated LISTEN connection's connection string. Absent on PGlite. */
  connectionString?: string | undefined;
  log?: FanoutLogger;
  /** Told of every invalidation this instance applied (tests, logs). */
  onInvalidated?: (change: PageInvalidation) => void;
}

/** A cache and, on PostgreSQL, its LISTEN connection: one per app instance. */
export function createPageCacheNode(options: PageCacheNodeOptions = {}): PageCacheNode {
  const cache = new PageCache(options);
  const logger = options.log ?? log;
  const listener: PgFanout | undefined = options.connectionString
    ? startPgListener({
        channel: PAGE_CACHE_CHANNEL,
        connectionString: options.connectionString,
        applicationName: `serambi-page-cache-${randomBytes(4).toString('hex')}`,
        log: logger,
        onPayload: (payload) => {
          const change = decodeInvalidation(payload);
          if (!change) return;
          cache.invalidate(change);
          options.onInvalidated?.(change);
        },
        // Changes sent while LISTEN was down were missed: nothing kept may be trusted.
        onReconnected: () => cache.clear(),
      })
    : undefined;
  return {
    cache,
    ready: () => listener?.ready() ?? Promise.resolve(),
    close: async () => {
      await listener?.close();
    },
  };
}

let node: PageCacheNode | undefined;

const invalidationListeners = new Set<(change: PageInvalidation) => void>();

/**
 * Told of every invalidation this process applies, its own and other instances' (NOTIFY): the
 * composition root lets the tenant cache forget a tenant whose pages all went.
 */
export function onPageInvalidation(listener: (change: PageInvalidation) => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

function tellListeners(change: PageInvalidation): void {
  for (const listener of invalidationListeners) listener(change);
}

/** This process's page cache (LISTEN started on first use when DATABASE_URL names PostgreSQL). */
export function pageCache(): PageCache {
  if (!node) {
    const created = createPageCacheNode({
      connectionString: env().DATABASE_URL || undefined,
      onInvalidated: tellListeners,
    });
    node = created;
    onStop('page cache', closePageCache);
    // The front door keeps a page only while this cache holds the same one (decision 0028).
    registerFrontDoorValidator(FRONT_DOOR_PAGES, (key) => created.cache.etagOf(key));
  }
  return node.cache;
}

/** Stops the LISTEN connection (shutdown, tests). */
export async function closePageCache(): Promise<void> {
  const closing = node;
  node = undefined;
  registerFrontDoorValidator(FRONT_DOOR_PAGES, null);
  await closing?.close();
}

/**
 * Sends a change to every instance, inside the transaction that makes it: NOTIFY is delivered on
 * commit. Returns the after-commit drop for this instance (where LISTEN may be down, or absent).
 */
export async function notifyPageChange(
  tx: Db,
  change: PageInvalidation,
  local: () => PageCache = pageCache,
): Promise<() => Promise<void>> {
  await tx.execute(sql`SELECT pg_notify(${PAGE_CACHE_CHANNEL}, ${encodeInvalidation(change)})`);
  return async () => {
    tellListeners(change);
    local().invalidate(change);
  };
}

/** For each event that changes what public pages show, the pages it drops. */
export type PageInvalidations = { [K in EventName]?: (event: ServerEvents[K]) => PageInvalidation };

/** Registers, from the composition root, a handler per event that drops the pages it changes. */
export function registerPageInvalidations(
  bus: EventBus,
  rules: PageInvalidations,
  local: () => PageCache = pageCache,
): void {
  for (const name of Object.keys(rules) as EventName[]) {
    const rule = rules[name] as ((event: ServerEvents[typeof name]) => PageInvalidation) | undefined;
    if (!rule) continue;
    bus.on(name, 'page-cache', (tx, event) => notifyPageChange(tx, rule(event), local));
  }
}
export { FRONT_DOOR_PAGES, PAGE_CACHE_HEADER, pageResponse, servePage } from './serve-page';
