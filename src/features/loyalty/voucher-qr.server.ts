import { renderSVG } from 'uqr';
import { normaliseVoucherCode } from './loyalty-rules';

/**
 * A voucher's QR code as SVG markup, rendered on the server (no script on the page). Only a code
 * in the voucher alphabet is encoded, so the markup carries nothing anyone typed.
 */
export function voucherQrSvg(code: string): string {
  const clean = normaliseVoucherCode(code);
  if (!clean) return '';
  return renderSVG(clean, { ecc: 'M', border: 2, pixelSize: 8 });
}
