import { renderSVG } from 'uqr';
import type { Tenant } from '#features/tenants/index.ts';
import { env } from '#server/config.server.ts';

/**
 * The printable poster's review link (the organisation's review page on its primary host) and its
 * QR code as SVG markup, drawn here from our own link only.
 */
export function reviewPoster(tenant: Pick<Tenant, 'slug' | 'primaryHost'>): { link: string; svg: string } {
  const link = `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}/review/${tenant.slug}`;
  return { link, svg: renderSVG(link, { ecc: 'M', border: 2, pixelSize: 8 }) };
}
