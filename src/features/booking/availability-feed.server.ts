import { createHash } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { registerFrontDoorValidator } from '#server/front-door.ts';
import { type Realtime, realtime } from '#server/realtime/index.ts';
import { type AvailabilityRequest, computeFor } from './availability.server';
import { AvailabilityCache } from './availability-cache';
import { encodeAvailability } from './availability-feed';

/** How long a feed may be served from memory at most (docs/decisions/0019). */
export const FEED_TTL_MS = 15_000;
const MAX_ENTRIES = 5_000;

/**
 * The realtime channel that tells every instance "this tenant's bookings changed". Per tenant,
 * not per service: a practitioner's time taken for one service is gone for all they deliver.
 */
export const AVAILABILITY_CHANNEL = 'availability:bookings';

export interface FeedAnswer {
  /** The compact feed, JSON. */
  body: string;
  /** A weak validator of the body, for `If-None-Match`. */
  etag: string;
  /** Served from memory. */
  cached: boolean;
  /** Its entry in this instance's cache (the front door keeps the answer while the entry lasts). */
  key: string;
}

export interface AvailabilityFeeds {
  /** The feed of a period, from memory when fresh; null for an unknown service or practitioner. */
  feed(db: Db, request: Omit<AvailabilityRequest, 'ignoreBookings'>): Promise<FeedAnswer | null>;
  /**
   * A booking of the tenant changed (held, requested, confirmed, cancelled, expired, moved,
   * attended): call AFTER its transaction committed. Drops this instance's feeds of the tenant at
   * once and tells the other instances (realtime: LISTEN/NOTIFY on PostgreSQL).
   */
  changed(tenantId: string): Promise<void>;
  readonly cache: AvailabilityCache;
}

export interface AvailabilityFeedsOptions {
  /** Cross-instance delivery; the process's realtime adapter when omitted. */
  realtime?: () => Realtime;
  ttlMs?: number;
  /** Called when another instance's change (or a delivery gap) dropped a tenant's feeds (tests). */
  onRemoteChange?: (tenantId: string) => void;
}

const etagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

export function createAvailabilityFeeds(options: AvailabilityFeedsOptions = {}): AvailabilityFeeds {
  const cache = new AvailabilityCache({ ttlMs: options.ttlMs ?? FEED_TTL_MS, maxEntries: MAX_ENTRIES });
  const adapter = options.realtime ?? realtime;
  const listening = new Set<string>();
  // Nothing is kept until this instance hears other instances (LISTEN in place on PostgreSQL):
  // a change announced before that would be missed. Later gaps are resyncs, which drop entries.
  let hearing = false;

  /** Hears other instances' changes of a tenant from the first feed of it this instance keeps. */
  function listen(tenantId: string) {
    if (listening.has(tenantId)) return;
    if (listening.size === 0) {
      void adapter()
        .ready()
        .then(() => {
          hearing = true;
        });
    }
    listening.add(tenantId);
    const drop = () => {
      cache.invalidate(tenantId);
      options.onRemoteChange?.(tenantId);
    };
    adapter().hub.subscribe(`tenant:${tenantId}`, [AVAILABILITY_CHANNEL], { message: drop, resync: drop });
  }

  return {
    cache,
    async feed(db, request) {
      const key = [request.tenant.id, request.serviceId, request.resourceId ?? 'any', request.from, request.to].join(
        '|',
      );
      const now = request.now.getTime();
      const hit = cache.get(key, now);
      if (hit) return { ...hit, cached: true, key };
      listen(request.tenant.id);
      const generation = cache.begin(request.tenant.id);
      const computed = await computeFor(db, request);
      if (!computed) return null;
      const body = JSON.stringify(
        encodeAvailability(computed.availability, {
          resourceIds: computed.resourceIds,
          durationMinutes: computed.durationMinutes,
          stepMinutes: computed.stepMinutes,
        }),
      );
      const answer = { body, etag: etagOf(body) };
      if (hearing) cache.set(request.tenant.id, key, answer, generation, { now, validUntil: computed.validUntil });
      return { ...answer, cached: false, key };
    },
    async changed(tenantId) {
      cache.invalidate(tenantId);
      await adapter()
        .publish(tenantId, AVAILABILITY_CHANNEL, 'changed', {})
        .catch((error: unknown) => log.warn('availability: change not published', errorFields(error)));
    },
  };
}

let instance: AvailabilityFeeds | undefined;

/** The feed cache's namespace at the front door (src/server/front-door.ts, decision 0028). */
export const FRONT_DOOR_FEEDS = 'availability';

/** This process's feeds and their cache. */
export function availabilityFeeds(): AvailabilityFeeds {
  if (!instance) {
    const created = createAvailabilityFeeds();
    instance = created;
    registerFrontDoorValidator(FRONT_DOOR_FEEDS, (key) => created.cache.get(key, Date.now())?.etag ?? null);
  }
  return instance;
}

/** A booking of the tenant changed; call after commit (see `AvailabilityFeeds.changed`). */
export function availabilityChanged(tenantId: string): Promise<void> {
  return availabilityFeeds().changed(tenantId);
}

/** The compact feed of a period, from this process's cache when fresh; null when unknown. */
export function availabilityFeed(db: Db, request: Omit<AvailabilityRequest, 'ignoreBookings'>) {
  return availabilityFeeds().feed(db, request);
}
