// Fundraisers' addresses (docs/decisions/0023-fundraisers.md), unprefixed (localePath adds the
// language): a page lives under its campaign, so its address says what it raises money for.
import { renderSVG } from 'uqr';

export const fundraiserPaths = {
  start: (campaign: string) => `/donation/${campaign}/fundraise`,
  leaderboard: (campaign: string) => `/donation/${campaign}/fundraisers`,
  page: (campaign: string, slug: string) => `/donation/${campaign}/fundraisers/${slug}`,
  give: (campaign: string, slug: string) => `/donation/${campaign}/fundraisers/${slug}/give`,
  report: (campaign: string, slug: string) => `/donation/${campaign}/fundraisers/${slug}/report`,
  photo: (campaign: string, slug: string, version: string) =>
    `/donation/${campaign}/fundraisers/${slug}/photo?v=${encodeURIComponent(version)}`,
  api: (campaign: string) => `/api/fundraisers/campaigns/${campaign}/leaderboard`,
};

/** A QR code of an address as an SVG document (black on white, a quiet border). */
export function qrSvg(url: string): string {
  return renderSVG(url, { border: 2, pixelSize: 4 });
}
