import { describe, expect, it } from 'vitest';
import { emailSetup, smsSetup, type TransportEnv } from './transport-config';

const base: TransportEnv = {
  SMTP_URL: undefined,
  MAIL_FROM: 'Serambi <no-reply@localhost>',
  TWILIO_ACCOUNT_SID: undefined,
  TWILIO_AUTH_TOKEN: undefined,
  TWILIO_FROM: undefined,
  TWILIO_MESSAGING_SERVICE_SID: undefined,
  TWILIO_API_BASE: 'https://api.twilio.com',
  SMS_CHANNEL: 'sms',
};
const sid = `AC${'a'.repeat(32)}`;

describe('transport configuration', () => {
  it('sends both channels to the log when nothing is configured', () => {
    expect(emailSetup(base)).toEqual({ kind: 'log' });
    expect(smsSetup(base)).toEqual({ kind: 'log' });
  });

  it('uses SMTP for e-mail when SMTP_URL is set', () => {
    expect(emailSetup({ ...base, SMTP_URL: 'smtp://u:p@mail.example:587' })).toEqual({
      kind: 'smtp',
      url: 'smtp://u:p@mail.example:587',
      from: 'Serambi <no-reply@localhost>',
    });
  });

  it('uses Twilio with a sender number or a messaging service, as WhatsApp on request', () => {
    expect(smsSetup({ ...base, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+15005550006' })).toEqual(
      {
        kind: 'twilio',
        accountSid: sid,
        authToken: 't',
        from: '+15005550006',
        messagingServiceSid: undefined,
        apiBase: 'https://api.twilio.com',
        whatsapp: false,
      },
    );
    const service = smsSetup({
      ...base,
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_MESSAGING_SERVICE_SID: `MG${'b'.repeat(32)}`,
      SMS_CHANNEL: 'whatsapp',
    });
    expect(service).toMatchObject({ kind: 'twilio', messagingServiceSid: `MG${'b'.repeat(32)}`, whatsapp: true });
  });

  it('refuses half a Twilio configuration instead of quietly logging codes', () => {
    expect(() => smsSetup({ ...base, TWILIO_ACCOUNT_SID: sid })).toThrow(/TWILIO_AUTH_TOKEN, TWILIO_FROM/);
    expect(() => smsSetup({ ...base, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 't' })).toThrow(/TWILIO_FROM/);
  });
});
