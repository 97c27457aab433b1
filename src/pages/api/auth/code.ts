import type { APIRoute } from 'astro';
import { CODE_TTL_MS, RequestCodeBody, requestLoginCode } from '../../../features/auth';
import { env } from '../../../server/config.server';
import { db } from '../../../server/database.server';
import { badRequest, json, readJson } from '../../../server/http';
import { kickOutbox, transportNames } from '../../../server/outbox';

/** Step 1 of the customer login: send a one-time code to a phone or an email. */
export const POST: APIRoute = async ({ request, locals }) => {
  const body = RequestCodeBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const destination = body.data.channel === 'phone' ? body.data.phone : body.data.email;
  const result = await requestLoginCode(await db(), {
    tenant: locals.tenant,
    channel: body.data.channel,
    destination,
    locale: locals.locale,
    ip: locals.clientIp,
  });
  if (!result.ok) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return json(
      { error: locals.t('auth.rateLimited', { count: minutes }) },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    );
  }
  kickOutbox();
  // Offline development: when messages only go to the log, the page may show the code.
  const channel = body.data.channel === 'phone' ? 'sms' : 'email';
  const showCode = env().SHOW_DEV_PAGES && transportNames()[channel] === 'log';
  return json({
    ok: true,
    channel: body.data.channel,
    destination,
    message: locals.t('auth.codeSent', {
      destination: displayDestination(destination, body.data.channel),
      minutes: CODE_TTL_MS / 60_000,
    }),
    ...(showCode ? { devCode: result.code } : {}),
  });
};

function displayDestination(destination: string, channel: 'phone' | 'email'): string {
  return channel === 'phone' ? `+${destination}` : destination;
}
