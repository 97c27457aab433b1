// Pure: how a donor is reached. The form asks for a phone and, optionally, an e-mail address, so
// every donation message goes by the channels the donor gave: SMS (WhatsApp where the deployment
// sends SMS that way, SMS_CHANNEL=whatsapp) to the phone, e-mail to the address.
import { isEmail } from '#lib/email.ts';

export interface DonorChannel {
  channel: 'sms' | 'email';
  destination: string;
}

/** E.164 with or without "+", as the outbox's SMS transports take it (60123456789). */
const SMS_DESTINATION = /^\+?[1-9]\d{6,14}$/;

/** Every channel the donor gave that the outbox would accept: the phone by SMS, the address by e-mail. */
export function donorChannels(contact: { phone: string | null; email: string | null }): DonorChannel[] {
  const out: DonorChannel[] = [];
  const phone = contact.phone?.replace(/[\s-]/g, '') ?? '';
  if (SMS_DESTINATION.test(phone)) out.push({ channel: 'sms', destination: phone });
  const email = contact.email?.trim() ?? '';
  if (email && isEmail(email)) out.push({ channel: 'email', destination: email });
  return out;
}

/**
 * Where a receipt goes: one message per gift, by e-mail when the donor gave an address (it carries
 * the whole receipt), else by SMS to the phone (a short text with the signed links). Null when the
 * donor gave neither in a form the outbox takes.
 */
export function receiptChannel(contact: { phone: string | null; email: string | null }): DonorChannel | null {
  const channels = donorChannels(contact);
  return channels.find((c) => c.channel === 'email') ?? channels.find((c) => c.channel === 'sms') ?? null;
}
