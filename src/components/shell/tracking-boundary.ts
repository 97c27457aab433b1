/**
 * Pixels and analytics run only on pages whose route policy allows them (the shell marks those with
 * `<meta name="serambi:tracking">`). A view-transition navigation keeps the page's JavaScript
 * alive: a pixel loaded on the home page would stay in memory on a checkout or an invoice, see its
 * URL (the social network's pixel counts history changes itself) and its form fields. So a
 * navigation from a tracked page to an untracked one is a full load, never a swap. The other way
 * round swaps: the untracked page's document is gone before the pixel starts on the tracked one.
 */
export const TRACKING_MARKER = 'meta[name="serambi:tracking"]';

type Doc = Pick<Document, 'querySelector'>;

export function isTracked(doc: Doc): boolean {
  return doc.querySelector(TRACKING_MARKER) !== null;
}

export function crossesTrackingBoundary(from: Doc, to: Doc): boolean {
  return isTracked(from) && !isTracked(to);
}
