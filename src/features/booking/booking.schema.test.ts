import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/t.ts';
import { badRequest } from '#server/http.ts';
import { AvailabilityQuery, BookingBody } from './booking.schema';

// What a visitor reads for bad input at the booking API: each field's own message, never the
// catch-all "This field is required" for something that is present but wrong.
const fieldsOf = async (error: Parameters<typeof badRequest>[0], locale: 'en' | 'ms' = 'en') =>
  (await badRequest(error, translator(locale)).json()).fields as Record<string, string>;

const valid = {
  serviceId: '3f1c2a4e-8b7d-4c1e-9a0b-123456789abc',
  resourceId: 'any',
  start: '2026-11-26T10:00:00+08:00',
  name: 'Nurul',
  phone: '60123456789',
};

describe('booking API messages', () => {
  it('says "Phone number is required" for an empty or missing phone', async () => {
    for (const phone of ['', '   ', undefined]) {
      const parsed = BookingBody.safeParse({ ...valid, phone });
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect((await fieldsOf(parsed.error)).phone).toBe('Phone number is required');
    }
    const malformed = BookingBody.safeParse({ ...valid, phone: '12' });
    if (malformed.success) throw new Error('accepted');
    expect((await fieldsOf(malformed.error)).phone).toBe('Phone number must be valid');
  });

  it('stores the phone as the field emits it, normalised by the shared rule (trunk 0 dropped)', () => {
    const id = BookingBody.safeParse({ ...valid, phone: '62081234567890' });
    expect(id.success && id.data.phone).toBe('6281234567890');
    const my = BookingBody.safeParse(valid);
    expect(my.success && my.data.phone).toBe('60123456789');
    // Judged by the Malaysian rule before normalising.
    expect(BookingBody.safeParse({ ...valid, phone: '600123456789' }).success).toBe(false);
  });

  it('says the practitioner is not valid for an over-long resource in the availability query', async () => {
    const parsed = AvailabilityQuery.safeParse({ from: '2026-11-26', to: '2026-11-27', resource: 'x'.repeat(41) });
    if (parsed.success) throw new Error('accepted');
    expect(await fieldsOf(parsed.error)).toEqual({ resource: 'Please choose a valid practitioner.' });
    const ms = AvailabilityQuery.safeParse({ from: '2026-11-26', to: '2026-11-27', resource: 'x'.repeat(41) });
    if (!ms.success) expect((await fieldsOf(ms.error, 'ms')).resource).toBe('Sila pilih pengamal yang sah.');
  });
});
