// Shared by the transport tests: a login-code message as the outbox hands it to a transport.
import type { OutgoingMessage } from './message';

/** A login code by SMS to a Malaysian phone, in English; `patch` changes any field. */
export const aLoginCodeMessage = (patch: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: 'm1',
  tenantId: 't1',
  channel: 'sms',
  destination: '60123456789',
  template: 'login-code',
  locale: 'en',
  subject: 'Your login code',
  text: 'Your Klinik Sihat Bersama login code is 123456. It expires in 10 minutes. Never share it.',
  ...patch,
});
