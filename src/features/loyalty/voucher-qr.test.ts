import { describe, expect, it } from 'vitest';
import { voucherQrSvg } from './voucher-qr.server';

describe('voucher QR code', () => {
  it('renders a code in the voucher alphabet as SVG, and nothing else', () => {
    expect(voucherQrSvg('abcde fghj9')).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(voucherQrSvg('<script>')).toBe('');
  });
});
