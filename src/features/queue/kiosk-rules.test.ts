import { describe, expect, it } from 'vitest';
import { kioskPhone, tenantCountry } from './kiosk-rules';

describe('a mobile number typed at the kiosk (issue 23 item 22)', () => {
  it('reads the local form with the tenant country, as every phone field does', () => {
    expect(kioskPhone('0171234567', 'MY')).toEqual({ ok: true, phone: '60171234567', country: 'MY' });
    expect(kioskPhone('017-123 4567', 'MY')).toEqual({ ok: true, phone: '60171234567', country: 'MY' });
    expect(kioskPhone('081234567890', 'ID')).toEqual({ ok: true, phone: '6281234567890', country: 'ID' });
  });

  it('keeps international forms international', () => {
    expect(kioskPhone('60171234567', 'MY')).toEqual({ ok: true, phone: '60171234567', country: 'MY' });
    expect(kioskPhone('+60 17-123 4567', 'ID')).toEqual({ ok: true, phone: '60171234567', country: 'MY' });
    expect(kioskPhone('+1 202 555 0143', 'MY')).toEqual({ ok: true, phone: '12025550143', country: 'US' });
    expect(kioskPhone('0044 7700 900123', 'MY')).toMatchObject({ ok: true, phone: '447700900123', country: 'GB' });
  });

  it('is optional, and refuses what is not a mobile number', () => {
    expect(kioskPhone('  ', 'MY')).toEqual({ ok: true, phone: null });
    expect(kioskPhone('0312345678', 'MY')).toEqual({ ok: false }); // a Malaysian landline
    expect(kioskPhone('12', 'MY')).toEqual({ ok: false });
    expect(kioskPhone('call me', 'MY')).toEqual({ ok: false });
  });

  it("takes the tenant's country from its time zone", () => {
    expect(tenantCountry('Asia/Kuala_Lumpur')).toBe('MY');
    expect(tenantCountry('Asia/Jakarta')).toBe('ID');
  });
});
