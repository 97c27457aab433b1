import type { APIRoute } from 'astro';
import type { ContactChangedResponse } from '#features/auth/auth-api.schema.ts';
import {
  ConfirmContactBody,
  codeRefusalMessage,
  confirmContactChange,
  contactRefusalMessage,
  displayDestination,
} from '#features/auth/index.server.ts';
import { badRequest, json, readJson } from '#server/http.ts';

/** Step 2: the code from the new phone or email makes it the customer's. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { t, user } = locals;
  if (!user) return json({ error: t('auth.loginRequired') }, { status: 401 });
  const body = ConfirmContactBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, t);
  const { channel, code } = body.data;
  const destination = channel === 'phone' ? body.data.phone : body.data.email;
  const result = await confirmContactChange(locals.db, {
    tenant: locals.tenant,
    customerId: user.id,
    channel,
    destination,
    code,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'not_found':
        return json({ error: t('auth.loginRequired'), reason: result.reason }, { status: 401 });
      case 'unchanged':
      case 'taken':
        return json(
          { error: t(contactRefusalMessage(result.reason, channel)), reason: result.reason },
          { status: 409 },
        );
      default: {
        const refusal = codeRefusalMessage(result);
        return json({ error: t(refusal.key, refusal.params), reason: result.reason }, { status: 400 });
      }
    }
  }
  const shown = displayDestination(destination, channel);
  return json({
    ok: true,
    channel,
    value: channel === 'phone' ? result.customer.phone : result.customer.email,
    shown,
    message: t(channel === 'phone' ? 'account.phoneChanged' : 'account.emailChanged', { destination: shown }),
  } satisfies ContactChangedResponse);
};
