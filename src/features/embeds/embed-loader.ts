import type { Locale } from '#i18n/locales.ts';

/** DESIGN.md §8: the embed loader ships at most 2 KB of gzip JavaScript. */
export const EMBED_LOADER_BUDGET = 2048;

/** The views a site can embed, by the script tag's `data-kind` (`booking` when absent). */
export const EMBED_KINDS = ['booking', 'donation-form', 'campaign'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/**
 * The address of the frame the loader inserts: `kind`'s embed route at `origin`, in `locale`
 * (`ms`, `id`, else English), with the parent page's origin as `?origin=` (where the frame may
 * post its height). Donation kinds need `campaign` (a campaign's id or slug). Null for an unknown
 * kind or a missing or odd campaign: the loader then inserts nothing.
 *
 * Self-contained (no imports, no helpers): its source is pasted into `/embed.js` as it is.
 */
export function embedFrameUrl(
  origin: string,
  kind: string,
  locale: string | null,
  campaign: string | null,
  parent: string,
): string | null {
  const donation = kind === 'donation-form' || kind === 'campaign';
  if (kind !== 'booking' && !(donation && campaign && /^[A-Za-z0-9_-]{1,100}$/.test(campaign))) return null;
  const path = donation
    ? `/donation/${campaign}${kind === 'campaign' ? '/embed-page' : '/embed-form'}`
    : '/appointment/embed';
  return `${origin + (locale === 'ms' || locale === 'id' ? `/${locale}` : '') + path}?origin=${encodeURIComponent(parent)}`;
}

/**
 * The source of `/embed.js`, which a site pastes as
 * `<script src="https://clinic.example/embed.js" data-serambi-embed async></script>`
 * with optional `data-kind` (`booking`, `donation-form`, `campaign`), `data-campaign` (donation
 * kinds) and `data-locale` (`ms`, `id`). It puts an iframe of the kind's embed route right after
 * its script tag and sizes it from the frame's `serambi:height` messages — only those from that
 * frame, at our origin. An unknown kind inserts nothing and logs one warning. `titles` are the
 * iframe's accessible names per kind and language.
 *
 * Plain ES5 on purpose: it runs on any site, in any browser, without our build.
 */
export function embedLoaderSource(titles: Record<EmbedKind, Record<Locale, string>>): string {
  return `/* Serambi embed */
(function () {
  var titles = ${JSON.stringify(titles).replace(/</g, '\\u003c')};
  var frameUrl = ${embedFrameUrl.toString()};
  var script = document.currentScript;
  if (!script || !script.hasAttribute('data-serambi-embed')) {
    var all = document.querySelectorAll('script[data-serambi-embed]:not([data-serambi-ready])');
    script = all[all.length - 1];
  }
  if (!script || script.hasAttribute('data-serambi-ready') || !script.parentNode) return;
  script.setAttribute('data-serambi-ready', '');
  var origin = new URL(script.src, location.href).origin;
  var kind = script.getAttribute('data-kind') || 'booking';
  var locale = script.getAttribute('data-locale');
  if (locale !== 'ms' && locale !== 'id') locale = 'en';
  var src = titles.hasOwnProperty(kind) && frameUrl(origin, kind, locale, script.getAttribute('data-campaign'), location.origin);
  if (!src) {
    if (window.console) console.warn('Serambi embed: nothing to show for data-kind="' + kind + '" (booking, donation-form or campaign with data-campaign)');
    return;
  }
  var frame = document.createElement('iframe');
  frame.src = src;
  frame.title = titles[kind][locale];
  frame.width = '100%';
  frame.height = '480';
  frame.style.cssText = 'display:block;width:100%;border:0;overflow:hidden';
  frame.setAttribute('data-serambi-frame', '');
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (!data || data.type !== 'serambi:height') return;
    var height = Math.ceil(Number(data.height));
    if (height > 0 && height < 100000) {
      frame.height = String(height);
      frame.style.height = height + 'px';
    }
  });
})();
`;
}
