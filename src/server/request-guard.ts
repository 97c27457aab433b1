import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { json } from './http';

/**
 * The first step of every request (src/middleware.ts): what no route can use is refused here,
 * before any tenant, session or database work reads it — an unknown method, an address that does
 * not decode, a NUL or control character in the path, a NUL in a page's query (PostgreSQL refuses
 * NUL in text and would answer 500), an overlong address. Bodies are checked by the shared readers
 * (`readForm`, `readJson` in ./http) and ids by `parseUuid` (src/lib/input.ts).
 */

/** Methods some route answers; anything else (TRACE, made-up ones) is a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Longest path and query accepted (browsers and proxies cap near here too). */
export const MAX_URL_LENGTH = 8192;

export interface Refusal {
  status: 400 | 405 | 414;
  key: MessageKey;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Set by scripts/serve.mjs on a request whose address did not decode (the URL it passes on is the site's root). */
export const FRONT_DOOR_HEADER = 'x-serambi-front-door';

/**
 * Why this request is refused before routing, or null when it may go on. The query is checked for
 * pages only: endpoints validate each query parameter with their own schema and answer with that
 * field's message (the fuzz suite fails if one lets a NUL reach the database).
 */
export function refusalOf(method: string, url: URL, headers?: Headers, api = false): Refusal | null {
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) return { status: 405, key: 'error.method' };
  if (headers?.get(FRONT_DOOR_HEADER) === 'undecodable-url') return { status: 400, key: 'error.badUrl' };
  if (url.pathname.length + url.search.length > MAX_URL_LENGTH) return { status: 414, key: 'error.urlTooLong' };
  for (const segment of url.pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { status: 400, key: 'error.badUrl' };
    }
    if (CONTROL.test(decoded)) return { status: 400, key: 'error.badUrl' };
  }
  if (api) return null;
  for (const [name, value] of url.searchParams) {
    if (name.includes('\u0000') || value.includes('\u0000')) return { status: 400, key: 'error.badInput' };
  }
  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The refusal in the visitor's language: JSON `{ error }` for endpoints, a plain page otherwise. */
export function refusalResponse(refusal: Refusal, t: Translate, locale: Locale, api: boolean): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (refusal.status === 405) headers.Allow = ALLOWED_METHODS.join(', ');
  const message = t(refusal.key);
  if (api) return json({ error: message }, { status: refusal.status, headers });
  const title = escapeHtml(t('error.status', { status: refusal.status }));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${escapeHtml(message)}</h1><p><a href="/">${escapeHtml(t('nav.homePage'))}</a></p></main></body></html>`;
  return new Response(html, {
    status: refusal.status,
    headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** A `/_astro/*` file that reached the app does not exist (an old chunk after a deploy): a 404, so the page reloads. */
export function missingAsset(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
