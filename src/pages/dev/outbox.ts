import type { APIRoute } from 'astro';
import { json } from '#server/http.ts';
import { recentLogMessages } from '#server/outbox/index.ts';

/**
 * Developer aid (SHOW_DEV_PAGES=1): the messages this process printed through the log transport
 * for this tenant, newest last, so local testers and browser tests can follow email links
 * (staff invitations) offline.
 */
export const GET: APIRoute = (context) => {
  const { url, locals } = context;
  const to = url.searchParams.get('to');
  const messages = [...recentLogMessages()]
    .reverse()
    .filter((m) => m.tenantId === locals.tenant.id && (!to || m.destination === to))
    .map((m) => ({
      template: m.template,
      channel: m.channel,
      subject: m.subject,
      text: m.text,
      link: /https?:\/\/\S+/.exec(m.text)?.[0]?.replace(/[.,)]+$/, ''),
    }));
  return json(messages, { headers: { 'Cache-Control': 'no-store' } });
};
