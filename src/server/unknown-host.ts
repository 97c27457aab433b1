import type { Locale } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A request for a host no tenant owns: a plain, clear 404 page (no tenant theme to use). */
export function unknownHostPage(host: string, locale: Locale): Response {
  const t = translator(locale);
  const title = escapeHtml(t('error.unknownHost.title'));
  const message = escapeHtml(t('error.unknownHost.message', { host: host || '?' }));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#111;background:#f6f6f6}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`;
  return new Response(html, {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
