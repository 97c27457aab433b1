// @ts-check
// Tells Astro which renderer draws each island, on the server. Astro finds an untagged
// component's renderer by asking each one to `check` it, and Preact's check renders the
// component in full to see whether the result is HTML: every island was rendered twice per
// page (3.8 % of an invoice page's CPU). Preact is our only renderer and every island is a
// `.tsx` module under src/ whose default export is a function component, so the server build
// marks that function with Astro's renderer tag (Symbol.for('astro:renderer'), which the check
// is skipped for). The browser's bundle is left as it is: Astro reads the tag only on the server.
// See docs/decisions/0031-less-work-per-uncached-page.md.

import path from 'node:path';

const RENDERER = '@astrojs/preact';
const SOURCE = `${path.resolve(import.meta.dirname, '../src')}/`;
const COMPONENT_MODULE = /(?<!\.test)\.tsx$/;
const DEFAULT_FUNCTION = /^export default function (\w+)/m;

/**
 * The source with its default-exported function component tagged for Astro's Preact renderer,
 * or undefined when the module has none.
 * @param {string} code
 */
export function tagDefaultComponent(code) {
  const name = DEFAULT_FUNCTION.exec(code)?.[1];
  if (!name) return undefined;
  return `${code}\n${name}[Symbol.for('astro:renderer')] = ${JSON.stringify(RENDERER)};\n`;
}

/** @returns {import('vite').Plugin} */
export function islandRenderer() {
  return {
    name: 'serambi:island-renderer',
    enforce: 'pre',
    transform(code, id, options) {
      const server = options?.ssr || this.environment?.config.consumer === 'server';
      const file = id.split('?')[0] ?? '';
      if (!server || !file.startsWith(SOURCE) || !COMPONENT_MODULE.test(file)) return undefined;
      const tagged = tagDefaultComponent(code);
      return tagged ? { code: tagged, map: null } : undefined;
    },
  };
}
