import type { Env } from '../config.server';

export type TransportEnv = Pick<
  Env,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM'
  | 'TWILIO_MESSAGING_SERVICE_SID'
  | 'TWILIO_API_BASE'
  | 'SMS_CHANNEL'
>;

export type EmailSetup = { kind: 'log' } | { kind: 'smtp'; url: string; from: string };
export type SmsSetup =
  | { kind: 'log' }
  | {
      kind: 'twilio';
      accountSid: string;
      authToken: string;
      from: string | undefined;
      messagingServiceSid: string | undefined;
      apiBase: string;
      whatsapp: boolean;
    };

/** Which transport each channel uses. Pure: the env is an argument. */
export function emailSetup(env: TransportEnv): EmailSetup {
  return env.SMTP_URL ? { kind: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM } : { kind: 'log' };
}

/**
 * Twilio when fully configured, the log when not configured at all. Half a configuration is a
 * mistake that must not quietly send codes to the log instead of phones, so it throws.
 */
export function smsSetup(env: TransportEnv): SmsSetup {
  const parts = {
    TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
    'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID': env.TWILIO_FROM ?? env.TWILIO_MESSAGING_SERVICE_SID,
  };
  const missing = Object.entries(parts)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === Object.keys(parts).length) return { kind: 'log' };
  if (missing.length > 0) throw new Error(`Twilio is partly configured; also set ${missing.join(', ')}`);
  return {
    kind: 'twilio',
    accountSid: env.TWILIO_ACCOUNT_SID as string,
    authToken: env.TWILIO_AUTH_TOKEN as string,
    from: env.TWILIO_FROM,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: env.TWILIO_API_BASE,
    whatsapp: env.SMS_CHANNEL === 'whatsapp',
  };
}
