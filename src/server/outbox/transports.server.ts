import { env } from '../config.server';
import { devAidsFor } from '../dev-aids';
import { logTransport } from './log-transport.server';
import type { Channel, Transport } from './message';
import { createSmsTransport } from './sms-transport.server';
import { createSmtpTransportFromUrl, smtpUrlSecrets } from './smtp-transport.server';
import { emailSetup, smsSetup } from './transport-config';
import { createTwilioSmsProvider } from './twilio-sms.server';

const built: Partial<Record<Channel, Transport>> = {};

/** Each channel on its own, so a mistake in the SMS settings cannot stop e-mail. */
const builders: Record<Channel, () => Transport> = {
  email: () => {
    const setup = emailSetup(env());
    return setup.kind === 'smtp' ? createSmtpTransportFromUrl(setup.url, setup.from) : logTransport;
  },
  sms: () => {
    const setup = smsSetup(env());
    return setup.kind === 'twilio' ? createSmsTransport(createTwilioSmsProvider(setup)) : logTransport;
  },
};

/** The channel's transport as the environment configures it, built once per process. Throws on half a configuration. */
export function transportFor(channel: Channel): Transport {
  built[channel] ??= builders[channel]();
  return built[channel];
}

/** e.g. { sms: 'log', email: 'smtp' }: 'log' means codes are read from the server log. */
export function transportNames(): Record<Channel, string> {
  return { sms: transportFor('sms').name, email: transportFor('email').name };
}

/**
 * Offline development: while a code's channel only prints to the server log, the page may show
 * the code too, to a client the developer aids answer (SHOW_DEV_PAGES=1, this machine, not a
 * production deployment: see dev-aids.ts). Never when a real transport delivers it.
 */
export function showsCodesOnPage(channel: 'phone' | 'email', context: { clientAddress: string }): boolean {
  return devAidsFor(context) && transportNames()[channel === 'phone' ? 'sms' : 'email'] === 'log';
}

/** Every configured secret, for blanking out of anything the outbox logs or stores. */
export function configuredSecrets(): string[] {
  const settings = env();
  return [
    settings.TWILIO_AUTH_TOKEN,
    settings.TWILIO_ACCOUNT_SID,
    ...(settings.SMTP_URL ? smtpUrlSecrets(settings.SMTP_URL) : []),
  ].filter((s): s is string => Boolean(s));
}
