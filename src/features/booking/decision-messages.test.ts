import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { renderMessage } from '#server/outbox/index.ts';
import type { BookingRow } from './booking-repo.server';
import { decisionMessages } from './decision-messages.server';

composeApp();

const tenant = {
  id: '6f1c7c2e-1a0b-4c55-9a43-3f1d2c8b9e01',
  name: 'Klinik Sihat Bersama',
  timeZone: 'Asia/Kuala_Lumpur',
};
const service = {
  slug: 'health-screening',
  name: { en: 'Full health screening', ms: 'Saringan kesihatan penuh', id: 'Pemeriksaan kesehatan lengkap' },
};
const origin = 'https://kliniksihat.my';

function booking(changes: Partial<BookingRow>): BookingRow {
  return {
    publicId: 'Bk7aQ2xYz9',
    status: 'confirmed',
    startsAt: new Date('2026-11-24T07:00:00Z'), // 03:00PM in Kuala Lumpur
    contactName: 'Aisyah',
    contactPhone: '60123456789',
    contactEmail: null,
    locale: 'en',
    decisionReason: null,
    ...changes,
  } as BookingRow;
}

describe('decision messages', () => {
  it('tells an approved customer by SMS with the time and a link to their request page', () => {
    const [sms, ...rest] = decisionMessages(booking({}), { tenant, service, origin });
    expect(rest).toEqual([]);
    expect(sms).toMatchObject({
      channel: 'sms',
      destination: '60123456789',
      template: 'booking-approved',
      locale: 'en',
    });
    const text = renderMessage('booking-approved', 'en', sms?.payload).text;
    expect(text).toBe(
      [
        'Hello Aisyah,',
        'Klinik Sihat Bersama has approved your request for Full health screening. Your appointment: 24/11/2026 at 03:00PM.',
        'Details: https://kliniksihat.my/appointment/health-screening/request?booking=Bk7aQ2xYz9',
      ].join('\n\n'),
    );
  });

  it('writes in the customer’s language, by SMS and e-mail, with the locale prefix in the link', () => {
    const messages = decisionMessages(booking({ locale: 'ms', contactEmail: 'aisyah@example.my' }), {
      tenant,
      service,
      origin,
    });
    expect(messages.map((m) => [m.channel, m.destination, m.locale])).toEqual([
      ['sms', '60123456789', 'ms'],
      ['email', 'aisyah@example.my', 'ms'],
    ]);
    const rendered = renderMessage('booking-approved', 'ms', messages[1]?.payload);
    expect(rendered.subject).toBe('Temu janji anda di Klinik Sihat Bersama telah disahkan');
    expect(rendered.text).toContain('Saringan kesihatan penuh');
    expect(rendered.text).toContain('24/11/2026 pada 03:00PTG');
    expect(rendered.text).toContain(
      'https://kliniksihat.my/ms/appointment/health-screening/request?booking=Bk7aQ2xYz9',
    );
  });

  it('gives a declined customer the reason when there is one, and a way to choose another time', () => {
    const [withReason] = decisionMessages(
      booking({ status: 'declined', locale: 'id', decisionReason: 'Dokter sedang cuti' }),
      { tenant, service, origin },
    );
    const text = renderMessage('booking-declined', 'id', withReason?.payload).text;
    expect(withReason?.template).toBe('booking-declined');
    expect(text).toContain('Mohon maaf, Klinik Sihat Bersama tidak dapat menerima permintaan Anda');
    expect(text).toContain('Alasan: Dokter sedang cuti');
    expect(text).toContain('https://kliniksihat.my/id/appointment/health-screening');
    const [plain] = decisionMessages(booking({ status: 'declined', decisionReason: '  ' }), {
      tenant,
      service,
      origin,
    });
    const english = renderMessage('booking-declined', 'en', plain?.payload).text;
    expect(english).not.toContain('Reason:');
    expect(english.split('\n\n')).toHaveLength(3);
  });

  it('skips destinations the outbox would refuse, and bookings that were not decided', () => {
    expect(
      decisionMessages(booking({ contactPhone: '0123456789', contactEmail: 'not-an-email' }), {
        tenant,
        service,
        origin,
      }),
    ).toEqual([]);
    expect(decisionMessages(booking({ status: 'requested' }), { tenant, service, origin })).toEqual([]);
    expect(decisionMessages(booking({ status: 'held' }), { tenant, service, origin })).toEqual([]);
  });

  it('renders both templates in all three languages', () => {
    const payload = {
      organisation: 'Klinik Sihat Bersama',
      name: '',
      service: 'X',
      when: '24/11/2026 at 03:00PM',
      link: 'https://kliniksihat.my/appointment/x',
    };
    for (const locale of ['en', 'ms', 'id'] as const) {
      const approved = renderMessage('booking-approved', locale, payload);
      const declined = renderMessage('booking-declined', locale, { ...payload, reason: 'R' });
      expect(approved.subject).toContain('Klinik Sihat Bersama');
      expect(approved.html).toContain('<a href="https://kliniksihat.my/appointment/x">');
      expect(declined.text.split('\n\n')).toHaveLength(4);
      expect(approved.text.split('\n\n')[0]).toMatch(/^(Hello|Salam|Halo),$/);
    }
  });
});
