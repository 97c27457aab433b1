// @ts-check
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { islandRenderer } from './scripts/island-renderer.mjs';
import { pgliteWorker } from './scripts/pglite-worker-bundle.mjs';
import { precompress } from './scripts/precompress.mjs';

// Locale routing is done by src/middleware.ts (prefix → cookie → browser language, then a
// rewrite to the unprefixed page), so one page file serves all three languages.
// See docs/decisions/0001-locale-routing-in-middleware.md.
export default defineConfig({
  output: 'server',
  // Middleware mode: scripts/serve.mjs owns the HTTP server and serves the build's files itself
  // (scripts/static-files.mjs); the standalone handler would look each request up on disk first.
  // Pages are rendered whole and sent with their length: they stream nothing worth a stream
  // (docs/decisions/0030-pages-rendered-whole.md). Endpoints that answer a stream still stream.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands are written against React's API but run on Preact in the browser and on the server:
  // `compat` aliases react/react-dom to preact/compat. See docs/decisions/0008-preact-compat-runtime.md.
  // precompress: a .br and a .gz next to every text file of the build (served by scripts/serve.mjs).
  integrations: [
    preact({ compat: true }),
    precompress(),
    // The embedded database's thread, bundled on its own (src/db/pglite-worker.server.ts).
    pgliteWorker(),
    // `client:interaction`: hydrate an island when the visitor first touches it (the donation form).
    {
      name: 'serambi:client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interaction', entrypoint: './src/components/shell/hydrate-on-interaction.ts' }),
      },
    },
  ],
  // Cross-site mutations are refused by our middleware (src/server/same-origin.ts) for every
  // method and body type. Astro's own check is off: behind a TLS-terminating proxy it compares the
  // browser's https Origin with the http it sees and refuses every form (it only trusts
  // X-Forwarded-Proto with a build-time allowedDomains list, impossible with tenants' domains).
  security: { checkOrigin: false },
  // No `prefetch`: the shell prefetches, when idle, a few visible links to cached public pages
  // (src/components/shell/prefetch-policy.ts, docs/decisions/0018-page-cache.md).
  server: { host: '127.0.0.1', port: 4321 },
  vite: {
    // islandRenderer: the server knows each island is Preact's without rendering it to find out.
    plugins: [tailwindcss(), islandRenderer()],
    ssr: {
      external: ['@electric-sql/pglite', 'pg'],
      // Libraries that import 'react' must be bundled for the server too, so the compat alias
      // reaches them (externalised, Node would load real React and its hooks would fail).
      noExternal: ['@nanostores/react', 'react-day-picker'],
    },
  },
});
