import type { Locale } from '../../i18n/locales';

/** DESIGN.md §8: the embed loader ships at most 2 KB of gzip JavaScript. */
export const EMBED_LOADER_BUDGET = 2048;

/**
 * The source of `/embed.js`, which a site pastes as
 * `<script src="https://clinic.example/embed.js" data-serambi-embed async></script>`
 * (optionally `data-locale="ms"` or `"id"`). It puts an iframe of `/appointment/embed` right
 * after its script tag and sizes it from the frame's `serambi:height` messages — only those from
 * that frame, at our origin. `titles` are the iframe's accessible names per language.
 *
 * Plain ES5 on purpose: it runs on any site, in any browser, without our build.
 */
export function embedLoaderSource(titles: Record<Locale, string>): string {
  return `/* Serambi booking embed */
(function () {
  var titles = ${JSON.stringify(titles).replace(/</g, '\\u003c')};
  var script = document.currentScript;
  if (!script || !script.hasAttribute('data-serambi-embed')) {
    var all = document.querySelectorAll('script[data-serambi-embed]:not([data-serambi-ready])');
    script = all[all.length - 1];
  }
  if (!script || script.hasAttribute('data-serambi-ready') || !script.parentNode) return;
  script.setAttribute('data-serambi-ready', '');
  var origin = new URL(script.src, location.href).origin;
  var locale = script.getAttribute('data-locale');
  if (locale !== 'ms' && locale !== 'id') locale = 'en';
  var frame = document.createElement('iframe');
  frame.src = origin + (locale === 'en' ? '' : '/' + locale) + '/appointment/embed?origin=' + encodeURIComponent(location.origin);
  frame.title = titles[locale];
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
