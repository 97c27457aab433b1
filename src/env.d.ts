/// <reference types="astro/client" />

declare namespace App {
  /** The only per-request context (DESIGN.md §2), filled by src/middleware.ts. */
  interface Locals {
    tenant: import('#features/tenants/index.server.ts').Tenant;
    /** The database handle, opened once for the request by the pipeline's request step. */
    db: import('#db/client.server.ts').Db;
    locale: import('#i18n/locales.ts').Locale;
    t: import('#i18n/t.ts').Translate;
    /**
     * The origin the browser used (`https://klinik.example`): X-Forwarded-Proto counts behind
     * TRUST_PROXY proxies. Use it for absolute URLs and the cookie Secure flag, never Astro.url.origin.
     */
    origin: string;
    /** The browser's address (X-Forwarded-For behind TRUST_PROXY proxies), for per-IP rate limits. */
    clientIp: string;
    /** The request path without its locale prefix: `/ms/appointment` → `/appointment`. */
    path: string;
    /** The logged-in customer, or null. */
    user: import('#features/auth/index.server.ts').CustomerUser | null;
    /** The logged-in staff member, or null (a browser can hold both). */
    staff: import('#features/auth/index.server.ts').StaffUser | null;
    /** The request is shown inside the booking embed (a frame): pages render without chrome. */
    embed: boolean;
    /** The route policy of the path (src/pipeline/route-policy.ts): caching, robots, tracking, access. */
    policy: import('#pipeline/route-policy.ts').RoutePolicy;
    /** The language decided for the URL the visitor asked for; a rewrite of the request keeps it. */
    decidedLocale?: import('#i18n/locales.ts').Locale;
    /** An error thrown while rendering a locale-rewritten page, for the error page to show. */
    pageError?: unknown;
  }
}
