import { permanentFailure, type Transport } from './message';

/** A text-message gateway. Throws DeliveryError (permanent or not) when the gateway refuses. */
export interface SmsProvider {
  name: string;
  /** `to` is E.164 with the plus (+60123456789). */
  sendText(to: string, body: string): Promise<void>;
}

/** Our SMS destinations are digits with the dial code (60123456789); gateways want E.164. */
export function toE164(destination: string): string {
  const digits = destination.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{6,14}$/.test(digits)) throw permanentFailure('not a phone number in international form');
  return `+${digits}`;
}

/** The "sms" channel through a provider; the subject is e-mail only, so SMS sends the text alone. */
export function createSmsTransport(provider: SmsProvider): Transport {
  return {
    name: provider.name,
    async send(message) {
      if (message.channel !== 'sms') throw permanentFailure(`${provider.name} cannot send ${message.channel} messages`);
      await provider.sendText(toE164(message.destination), message.text);
    },
  };
}
