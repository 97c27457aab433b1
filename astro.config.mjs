// @ts-check
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// Locale routing is done by src/middleware.ts (prefix → cookie → browser language, then a
// rewrite to the unprefixed page), so one page file serves all three languages.
// See docs/decisions/0001-locale-routing-in-middleware.md.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // Islands are written against React's API but run on Preact in the browser and on the server:
  // `compat` aliases react/react-dom to preact/compat. See docs/decisions/0008-preact-compat-runtime.md.
  integrations: [preact({ compat: true })],
  // Our middleware checks Host against tenant_hosts; Astro must not reject unknown hosts first.
  security: { checkOrigin: true },
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  server: { host: '127.0.0.1', port: 4321 },
  vite: {
    plugins: [tailwindcss()],
    ssr: {
      external: ['@electric-sql/pglite', 'pg'],
      // Libraries that import 'react' must be bundled for the server too, so the compat alias
      // reaches them (externalised, Node would load real React and its hooks would fail).
      noExternal: ['@nanostores/react', 'react-day-picker'],
    },
  },
});
