// A fundraiser page's QR code (its addresses are in ./paths).
import { renderSVG } from 'uqr';

/** A QR code of an address as an SVG document (black on white, a quiet border). */
export function qrSvg(url: string): string {
  return renderSVG(url, { border: 2, pixelSize: 4 });
}
