import { maskDestination, redactSecrets } from './mask';
import { permanentFailure, retryableFailure } from './message';
import type { SmsProvider } from './sms-transport.server';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number or alphanumeric id; or use messagingServiceSid. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** https://api.twilio.com, or a local stand-in in tests. */
  apiBase: string;
  /** Send as WhatsApp messages (`whatsapp:` addresses). */
  whatsapp?: boolean;
  timeoutMs?: number;
}

/**
 * Twilio Programmable Messaging: POST …/Accounts/{sid}/Messages.json, form-encoded, Basic auth.
 * 2xx: accepted. 429 and 5xx or no answer: try again later. Any other 4xx is Twilio saying this
 * message (bad number, unsubscribed, bad credentials) will not go: permanent.
 */
export function createTwilioSmsProvider(config: TwilioConfig): SmsProvider {
  if (!config.from && !config.messagingServiceSid) throw new Error('Twilio needs a sender or a messaging service');
  const url = `${config.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const secrets = [config.authToken, config.accountSid, authorization];
  const address = (value: string) => (config.whatsapp ? `whatsapp:${value}` : value);

  return {
    name: config.whatsapp ? 'twilio-whatsapp' : 'twilio',
    async sendText(to, body) {
      const form = new URLSearchParams({ To: address(to), Body: body });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else if (config.from) form.set('From', address(config.from));

      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw retryableFailure(redactSecrets(`twilio: no answer (${cause})`, secrets));
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      // Twilio's messages may quote the number; the log gets it masked.
      const detail = redactSecrets(`twilio ${response.status}: ${await twilioErrorText(response)}`, secrets)
        .split(to)
        .join(maskDestination('sms', to));
      const retryable = response.status === 429 || response.status >= 500;
      throw retryable ? retryableFailure(detail) : permanentFailure(detail);
    },
  };
}

/** Twilio answers errors as { code, message, more_info, status }; anything else is shown briefly. */
async function twilioErrorText(response: Response): Promise<string> {
  const raw = await response.text().catch(() => '');
  try {
    const body = JSON.parse(raw) as { code?: unknown; message?: unknown };
    if (typeof body.message === 'string') {
      return typeof body.code === 'number' ? `${body.code} ${body.message}` : body.message;
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return raw.slice(0, 200) || response.statusText;
}
