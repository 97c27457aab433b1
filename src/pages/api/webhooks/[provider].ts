import type { APIRoute } from 'astro';
import { appProviders, handleWebhook } from '#features/payments/index.server.ts';
import { textHoldsNul } from '#lib/input.ts';
import { json } from '#server/http.ts';

/**
 * Gateways' webhooks (`/api/webhooks/sandbox`, `/api/webhooks/stripe`): the raw body is verified
 * by the provider's signature; 400 changes nothing, 200 stops the gateway's retries.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const database = locals.db;
  const provider = appProviders(database).byName((params.provider ?? '') as 'sandbox' | 'stripe');
  if (!provider || provider.name === 'counter') return json({ error: 'unknown provider' }, { status: 404 });
  const rawBody = await request.text();
  if (rawBody.length > 256 * 1024) return json({ error: 'payload too large' }, { status: 413 });
  // The shared input rule, before the signature is even read: PostgreSQL refuses NUL in text and
  // in JSON, so a body holding one (signed or not) can only be refused.
  if (textHoldsNul(rawBody)) return json({ error: locals.t('error.badInput') }, { status: 400 });
  const result = await handleWebhook(database, provider, { headers: request.headers, rawBody });
  return result.status === 400
    ? json({ error: result.error }, { status: 400 })
    : json({ received: true, outcome: result.outcome });
};
