/**
 * The contract between the app and its front door (scripts/front-door-cache.mjs, docs/decisions/
 * 0028-pages-at-the-front-door.md). An answer the app keeps in one of its caches (a public page,
 * the availability feed) may be kept by the front door too, for visitors without a cookie, for as
 * long as the app's cache holds the same answer. The app:
 * - names the answer's cache entry in KEY_HEADER (`namespace:key`) when the front door asks with
 *   CAPTURE_HEADER (the front door removes it before the response leaves);
 * - registers, per namespace, a lookup giving the ETag of what its cache holds under a key now
 *   (null when nothing): the front door asks it before every answer.
 */
export const FRONT_DOOR_CAPTURE_HEADER = 'x-serambi-front-door-cache';
export const FRONT_DOOR_KEY_HEADER = 'x-serambi-page-key';
/** Where the lookups are published for the front door (same process, another module graph). */
export const FRONT_DOOR_VALIDATORS = Symbol.for('serambi.front-door.validators');

export type FrontDoorValidator = (key: string) => string | null;

function validators(): Map<string, FrontDoorValidator> {
  const store = globalThis as Record<symbol, unknown>;
  let map = store[FRONT_DOOR_VALIDATORS] as Map<string, FrontDoorValidator> | undefined;
  if (!map) {
    map = new Map();
    store[FRONT_DOOR_VALIDATORS] = map;
  }
  return map;
}

/** Publishes (or, with null, withdraws) the lookup of one of the app's caches. */
export function registerFrontDoorValidator(namespace: string, lookup: FrontDoorValidator | null): void {
  if (lookup) validators().set(namespace, lookup);
  else validators().delete(namespace);
}

/** Names the cache entry an answer came from, when the front door asked for it. */
export function nameForFrontDoor(request: Request, headers: Headers, namespace: string, key: string): void {
  if (request.headers.get(FRONT_DOOR_CAPTURE_HEADER) === '1') headers.set(FRONT_DOOR_KEY_HEADER, `${namespace}:${key}`);
}
