/**
 * The route policy (docs/decisions/0012-privacy-route-policy-and-locale.md): one table of route
 * families that says, for every path (unprefixed), who may open it, how it may be cached and
 * indexed, whether ad pixels and analytics may run on it, what referrer it leaks and whether other
 * sites may frame it. The middleware reads it before rendering and forces its headers onto the
 * response afterwards, so no page or component sets these headers itself (a header set in a
 * component after an await is lost once the response streams).
 *
 * Pure: no I/O, no feature imports (server/ imports no feature).
 */
import type { PageTag } from '#server/page-cache/page-cache.ts';

/** Who may open a path (SPEC.md §6): the access rule of src/features/auth reads it from here. */
/** `manager`: the owner or a manager (src/features/auth/roles.ts). */
export type Access = 'public' | 'customer' | 'staff' | 'manager' | 'owner';

/** How a response may be stored. `handler`: the endpoint sets its own (assets, JSON APIs). */
export type CacheRule = 'public-home' | 'public-page' | 'revalidate' | 'private-no-store' | 'handler';

export const CACHE_CONTROL: Record<Exclude<CacheRule, 'handler'>, string> = {
  // Home and landings are the same for every visitor of a language; a minute is safe.
  'public-home': 'public, max-age=60, stale-while-revalidate=600',
  'public-page': 'public, max-age=60',
  // May be stored but is checked each time: the embed's framing origins change at the owner's word.
  revalidate: 'no-cache',
  'private-no-store': 'private, no-store',
};

export interface RoutePolicy {
  /** The family's name, for tests and logs. */
  family: string;
  access: Access;
  cache: CacheRule;
  robots: 'index' | 'noindex';
  /** Ad pixels and analytics may run: public marketing pages only (DESIGN.md, Privacy). */
  tracking: boolean;
  /** `no-referrer` where the URL itself grants access (a secret link): it must not leak onwards. */
  referrer: 'no-referrer' | 'default';
  /** Other sites may frame it: always (embed routes), or when opened from the embed. */
  embeddable: 'always' | 'when-framed' | 'never';
  /** Shows a customer's personal data to whoever holds the URL: phones and e-mails are masked. */
  personal: boolean;
  /** The tenant must offer this capability; otherwise the route does not exist there (404). */
  offer?: Offer;
  /** A developer aid: 404 unless the developer aids are open (src/server/dev-aids.ts). */
  dev?: true;
  /**
   * Served from the in-process page cache (src/pipeline/page-cache.ts, docs/decisions/0018): the
   * page is the same for every visitor of a tenant and language, is rendered as for a visitor
   * who is not logged in, kept `ttlSeconds` and dropped at once when what its `tags` name changes
   * (every page also shows the tenant). Only families open to everyone may have it.
   */
  pageCache?: PageCacheRule;
}

export interface PageCacheRule {
  ttlSeconds: number;
  tags: PageTag[];
  /** Past `ttlSeconds`, how long more the old page is answered while one render replaces it. */
  staleSeconds?: number;
}

/** Cacheable pages: seconds to a minute, so a missed invalidation does not last. */
// The landings a shared link brings crowds to (home, campaigns) are answered stale while they
// render again (issue 25): readers never queue behind a render when a page's time runs out.
// The home says "coming soon" until the first service or campaign is there (issue 26).
const HOME_PAGE: PageCacheRule = { ttlSeconds: 60, tags: ['catalogue', 'campaigns'], staleSeconds: 60 };
const CATALOGUE_PAGE: PageCacheRule = { ttlSeconds: 60, tags: ['catalogue'] };
// A service page shows its booking window (today's first date): kept shorter.
const SERVICE_PAGE: PageCacheRule = { ttlSeconds: 30, tags: ['catalogue'] };
const CAMPAIGN_PAGE: PageCacheRule = { ttlSeconds: 30, tags: ['campaigns'], staleSeconds: 30 };
const REVIEW_PAGE: PageCacheRule = { ttlSeconds: 60, tags: [] };

/** A capability a tenant may offer (its settings' `offers_*`); a route family may need one. */
export type Offer = 'appointments' | 'donations' | 'loyalty' | 'reviews' | 'queue';

type Shape = Omit<RoutePolicy, 'family'>;

/** Home, landings, campaign pages: cached, indexed, tracked. */
const MARKETING: Shape = {
  access: 'public',
  cache: 'public-page',
  robots: 'index',
  tracking: true,
  referrer: 'default',
  embeddable: 'never',
  personal: false,
};

/** Public but not for everyone's cache or for ad networks: forms, login pages, error pages. */
const PRIVATE: Shape = {
  access: 'public',
  cache: 'private-no-store',
  robots: 'noindex',
  tracking: false,
  referrer: 'default',
  embeddable: 'never',
  personal: false,
};

/** A page whose URL is the key to someone's data (an invoice, a booking, an invitation). */
const SECRET_LINK: Shape = { ...PRIVATE, referrer: 'no-referrer', personal: true };

/** Behind a login: the visitor's own data, never cached or tracked. */
const LOGGED_IN: Shape = { ...PRIVATE, access: 'customer' };

/** Endpoints and files: they set their own caching; no pixels anyway. */
const ENDPOINT: Shape = { ...PRIVATE, cache: 'handler', robots: 'index' };

const APPOINTMENTS: Offer = 'appointments';
const DONATIONS: Offer = 'donations';

interface Family {
  name: string;
  match: (path: string) => boolean;
  policy: Shape | ((search: URLSearchParams) => Shape & { family?: string });
}

const SEGMENT = '[^/]+';
const re = (pattern: string) => {
  const regex = new RegExp(`^${pattern}$`);
  return (path: string) => regex.test(path);
};
/** The steps after a review (`/review/thankyou`…): never a reviewed organisation's page. */
const REVIEW_STEPS = new Set(['feedback', 'redirect', 'thankyou', 'unsubscribe']);
const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);

/** First match wins. Paths are unprefixed, without a trailing slash. */
const FAMILIES: Family[] = [
  { name: 'home', match: (p) => p === '/', policy: { ...MARKETING, cache: 'public-home', pageCache: HOME_PAGE } },

  // Appointments (SPEC.md §2). Booking steps may be framed when opened from the embed.
  {
    name: 'appointment-embed',
    match: re('/appointment/embed'),
    policy: { ...PRIVATE, cache: 'revalidate', embeddable: 'always', offer: APPOINTMENTS },
  },
  {
    name: 'appointment-landing',
    match: (p) => p === '/appointment' || under('/appointment/category')(p),
    policy: { ...MARKETING, embeddable: 'when-framed', offer: APPOINTMENTS, pageCache: CATALOGUE_PAGE },
  },
  {
    // `?booking={publicId}` opens someone's booking.
    name: 'booking',
    match: re(`/appointment/${SEGMENT}/(checkout|request|calendar\\.ics)`),
    policy: { ...SECRET_LINK, embeddable: 'when-framed', offer: APPOINTMENTS },
  },
  {
    name: 'booking-form',
    match: re(`/appointment/${SEGMENT}/form`),
    policy: { ...PRIVATE, embeddable: 'when-framed', offer: APPOINTMENTS },
  },
  {
    name: 'appointment-service',
    match: re(`/appointment/${SEGMENT}`),
    policy: (search) =>
      // `?reschedule={publicId}` opens a booking to move it; `?taken=1` is one visitor's retry.
      search.has('reschedule')
        ? { ...SECRET_LINK, embeddable: 'when-framed', offer: APPOINTMENTS, family: 'booking-reschedule' }
        : search.has('taken')
          ? { ...PRIVATE, embeddable: 'when-framed', offer: APPOINTMENTS, family: 'appointment-service-retry' }
          : { ...MARKETING, embeddable: 'when-framed', offer: APPOINTMENTS, pageCache: SERVICE_PAGE },
  },
  {
    // Whatever is left under /appointment (an unknown step) is still the appointments offer's.
    name: 'appointment-other',
    match: under('/appointment'),
    policy: { ...PRIVATE, offer: APPOINTMENTS },
  },
  { name: 'api-bookings', match: under('/api/bookings'), policy: { ...ENDPOINT, offer: APPOINTMENTS } },
  {
    // The same for every visitor and kept in memory for seconds, but a slot just taken must never
    // be offered from a cache: stored, yet revalidated each time (an ETag makes that a 304).
    name: 'availability-feed',
    match: re(`/api/appointments/${SEGMENT}/availability`),
    policy: { ...ENDPOINT, cache: 'revalidate', offer: APPOINTMENTS },
  },
  { name: 'api-appointments', match: under('/api/appointments'), policy: { ...ENDPOINT, offer: APPOINTMENTS } },
  { name: 'api-donations', match: under('/api/donations'), policy: { ...ENDPOINT, offer: DONATIONS } },

  // Donations (SPEC.md §2, issue 12): campaigns are marketing, checkout and forms are not.
  {
    // A donor's recurring gift and receipts, opened by the signed link on every receipt: a secret
    // link (private, noindex, no pixels, no referrer), before the campaign families below.
    name: 'donation-plan',
    match: re(`/donation/plans/${SEGMENT}`),
    policy: { ...SECRET_LINK, offer: DONATIONS },
  },
  {
    name: 'donation-receipt',
    match: re(`/donation/receipts/${SEGMENT}`),
    policy: { ...SECRET_LINK, cache: 'handler', offer: DONATIONS },
  },
  {
    // The embedded form carries a per-render idempotency key and posts: never stored by a cache.
    name: 'donation-embed-form',
    match: re(`/donation/${SEGMENT}/embed-form`),
    policy: { ...PRIVATE, embeddable: 'always', offer: DONATIONS },
  },
  {
    name: 'donation-embed',
    match: re(`/donation/${SEGMENT}/embed-page`),
    policy: { ...PRIVATE, cache: 'revalidate', embeddable: 'always', offer: DONATIONS },
  },
  {
    name: 'donation-checkout',
    match: re(`/donation/${SEGMENT}/checkout`),
    policy: { ...SECRET_LINK, offer: DONATIONS },
  },
  { name: 'donation-form', match: re(`/donation/${SEGMENT}/form`), policy: { ...PRIVATE, offer: DONATIONS } },
  {
    // A campaign's pictures: the endpoint sets a year's cache for a versioned URL (?v=).
    name: 'donation-image',
    match: re(`/donation/${SEGMENT}/image/${SEGMENT}`),
    policy: { ...ENDPOINT, offer: DONATIONS },
  },
  // Fundraisers (issue 13, docs/decisions/0023): a supporter's page under its campaign.
  {
    name: 'fundraiser-start',
    match: re(`/donation/${SEGMENT}/fundraise`),
    policy: { ...LOGGED_IN, offer: DONATIONS },
  },
  {
    // The give form carries a per-render idempotency key and the report form posts: never cached.
    name: 'fundraiser-form',
    match: re(`/donation/${SEGMENT}/fundraisers/${SEGMENT}/(give|report)`),
    policy: { ...PRIVATE, offer: DONATIONS },
  },
  {
    name: 'fundraiser-photo',
    match: re(`/donation/${SEGMENT}/fundraisers/${SEGMENT}/photo`),
    policy: { ...ENDPOINT, offer: DONATIONS },
  },
  {
    name: 'fundraiser-page',
    match: re(`/donation/${SEGMENT}/fundraisers(/${SEGMENT})?`),
    policy: { ...MARKETING, offer: DONATIONS, pageCache: CAMPAIGN_PAGE },
  },
  { name: 'api-fundraisers', match: under('/api/fundraisers'), policy: { ...ENDPOINT, offer: DONATIONS } },
  {
    name: 'donation-landing',
    match: re(`/donation(/${SEGMENT})?`),
    policy: { ...MARKETING, offer: DONATIONS, pageCache: CAMPAIGN_PAGE },
  },
  {
    // Whatever is left under /donation (a later step, an unknown one) is still the donations offer's.
    name: 'donation-other',
    match: under('/donation'),
    policy: { ...PRIVATE, offer: DONATIONS },
  },

  // Queue TV board (issue 16, docs/decisions/0026-queue-board.md): the board and the kiosk are
  // opened by a display code in the URL (no referrer, never cached); a ticket by its public id.
  { name: 'qtv', match: under('/qtv'), policy: { ...PRIVATE, referrer: 'no-referrer', offer: 'queue' } },
  { name: 'queue-ticket', match: under('/queue'), policy: { ...SECRET_LINK, personal: false, offer: 'queue' } },
  { name: 'api-qtv', match: under('/api/qtv'), policy: { ...ENDPOINT, referrer: 'no-referrer', offer: 'queue' } },
  { name: 'api-queue', match: under('/api/queue'), policy: { ...ENDPOINT, referrer: 'no-referrer', offer: 'queue' } },

  // Loyalty and reviews (later issues): the programme pages are marketing; sign-up, rewards and
  // review links (tied to one visit) are not.
  {
    name: 'loyalty-private',
    match: (p) => p === '/loyalty/register' || /^\/loyalty(\/[^/]+)?\/rewards$/.test(p),
    policy: { ...PRIVATE, offer: 'loyalty' },
  },
  {
    name: 'loyalty',
    match: re(`/loyalty(/${SEGMENT})?`),
    policy: { ...MARKETING, offer: 'loyalty', pageCache: { ttlSeconds: 60, tags: ['loyalty'] } },
  },
  {
    // The review page of the organisation, a branch or a practitioner (`/review/dr-aina`,
    // `/review/clinic`, `/review/{pid}/clinic`) is the same form for everyone: cached, no pixels
    // (issue 25). An invitation's link (`?i=`, `?t=`) ties it to one visit: a secret link.
    name: 'review-page',
    match: (p) =>
      (re(`/review/${SEGMENT}`)(p) && !REVIEW_STEPS.has(p.slice('/review/'.length))) ||
      re(`/review/${SEGMENT}/clinic`)(p),
    policy: (search) =>
      search.has('i') || search.has('t')
        ? { ...SECRET_LINK, offer: 'reviews', family: 'review' }
        : { ...PRIVATE, cache: 'public-page', pageCache: REVIEW_PAGE, offer: 'reviews' },
  },
  { name: 'review', match: under('/review'), policy: { ...SECRET_LINK, offer: 'reviews' } },

  // Invoices: the list needs a login; an invoice by its unguessable id does not.
  { name: 'invoice-list', match: (p) => p === '/invoices', policy: LOGGED_IN },
  {
    name: 'invoice',
    match: re(`/invoices/${SEGMENT}/(appointment|donation|verify|donation/verify|pdf|pay)`),
    policy: SECRET_LINK,
  },
  { name: 'sandbox-payment', match: re(`/pay/sandbox/${SEGMENT}`), policy: SECRET_LINK },

  // Accounts.
  { name: 'account', match: (p) => p === '/account', policy: LOGGED_IN },
  { name: 'account-fundraisers', match: under('/account/fundraisers'), policy: { ...LOGGED_IN, offer: DONATIONS } },
  { name: 'login', match: (p) => p === '/login', policy: PRIVATE },
  { name: 'api-account', match: under('/api/account'), policy: { ...ENDPOINT, access: 'customer' } },

  // Staff.
  { name: 'staff-login', match: (p) => p === '/staff/login', policy: PRIVATE },
  { name: 'staff-invite', match: (p) => p.startsWith('/staff/invite/'), policy: SECRET_LINK },
  { name: 'staff-team', match: (p) => p === '/staff/team', policy: { ...PRIVATE, access: 'owner' } },
  { name: 'api-staff-team', match: (p) => p.startsWith('/api/staff/team'), policy: { ...ENDPOINT, access: 'owner' } },
  {
    name: 'staff-donations',
    match: under('/staff/donations'),
    policy: { ...PRIVATE, access: 'staff', offer: DONATIONS },
  },
  {
    name: 'staff-reviews',
    match: under('/staff/reviews'),
    policy: { ...PRIVATE, access: 'staff', offer: 'reviews' },
  },
  { name: 'staff-queue', match: under('/staff/queue'), policy: { ...PRIVATE, access: 'staff', offer: 'queue' } },
  {
    name: 'staff-fundraisers',
    match: under('/staff/fundraisers'),
    policy: { ...PRIVATE, access: 'staff', offer: DONATIONS },
  },
  { name: 'staff-loyalty', match: under('/staff/loyalty'), policy: { ...PRIVATE, access: 'staff', offer: 'loyalty' } },
  {
    name: 'staff-catalogue',
    match: under('/staff/catalogue'),
    policy: { ...PRIVATE, access: 'manager', offer: 'appointments' },
  },
  { name: 'staff', match: under('/staff'), policy: { ...PRIVATE, access: 'staff' } },
  { name: 'api-staff', match: under('/api/staff'), policy: { ...ENDPOINT, access: 'staff' } },

  // Developer aids (only where they are open), error pages.
  { name: 'dev', match: under('/dev'), policy: { ...PRIVATE, dev: true } },
  { name: 'api-dev', match: under('/api/dev'), policy: { ...ENDPOINT, dev: true } },
  { name: 'error', match: (p) => p === '/404' || p === '/500', policy: PRIVATE },

  // Endpoints and files that set their own caching.
  { name: 'api-loyalty', match: under('/api/loyalty'), policy: { ...ENDPOINT, offer: 'loyalty' } },
  { name: 'api', match: under('/api'), policy: ENDPOINT },
  {
    name: 'file',
    match: (p) =>
      p === '/domain_verifications' || under('/locale')(p) || under('/_astro')(p) || /\.[a-z0-9]+$/i.test(p),
    policy: ENDPOINT,
  },
];

/** Anything not listed (a later page, an unknown path): private, unindexed, untracked. */
const UNLISTED: RoutePolicy = { ...PRIVATE, family: 'unlisted' };

/**
 * The families other sites may always frame (the embed routes of SPEC.md §2): the one list the
 * middleware's frame-ancestors and the embed layout read (docs/decisions/0015-embeds-platform.md).
 */
export function embedRouteFamilies(): string[] {
  return FAMILIES.filter((f) => typeof f.policy !== 'function' && f.policy.embeddable === 'always').map((f) => f.name);
}

/** The policy of an unprefixed path (and its query, for the few families it changes). */
export function routePolicy(path: string, search: URLSearchParams = new URLSearchParams()): RoutePolicy {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  const family = FAMILIES.find((f) => f.match(clean));
  if (!family) return UNLISTED;
  const shape = typeof family.policy === 'function' ? family.policy(search) : family.policy;
  const { family: variant, ...rest } = shape as Shape & { family?: string };
  return { family: variant ?? family.name, ...rest };
}

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * The headers a response gets from its route's policy. Only a 200 may be shared by caches: an
 * error or a redirect of any family is private and unindexed (a 404 for an invoice must not be
 * cached either); a 304 keeps the rule of the 200 it revalidates. HSTS only where the browser came over https (TRUST_PROXY tells behind proxies).
 */
export function policyHeaders(
  policy: RoutePolicy,
  { status, secure }: { status: number; secure: boolean },
): Record<string, string> {
  const headers: Record<string, string> = {};
  const failed = status >= 300 && status !== 304;
  if (policy.cache !== 'handler') {
    const rule = failed && policy.cache !== 'private-no-store' ? 'private-no-store' : policy.cache;
    headers['Cache-Control'] = CACHE_CONTROL[rule];
  }
  if (policy.robots === 'noindex' || (failed && policy.cache !== 'handler')) headers['X-Robots-Tag'] = 'noindex';
  headers['Referrer-Policy'] = policy.referrer === 'no-referrer' ? 'no-referrer' : 'strict-origin-when-cross-origin';
  if (secure) headers['Strict-Transport-Security'] = STRICT_TRANSPORT_SECURITY;
  return headers;
}
