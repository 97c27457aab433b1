// @ts-check
// Build step (an Astro integration, astro.config.mjs): the embedded database's thread
// (src/db/pglite-worker.server.ts) is a second entry the server's bundle does not contain, since
// a worker thread starts from a file of its own. It is bundled here, after the server, into
// dist/server/pglite-worker.mjs, where src/db/pglite-thread.server.ts looks for it; packages
// (PGlite, drizzle) stay imports from node_modules, as the server's do.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles the worker's entry into `outfile`. */
export async function bundlePgliteWorker(outfile = path.join(root, 'dist/server/pglite-worker.mjs')) {
  await build({
    entryPoints: [path.join(root, 'src/db/pglite-worker.server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** @returns {import('astro').AstroIntegration} */
export function pgliteWorker() {
  return {
    name: 'serambi:pglite-worker',
    hooks: {
      'astro:build:done': async ({ logger }) => {
        const outfile = await bundlePgliteWorker();
        logger.info(`the embedded database's thread: ${path.relative(root, outfile)}`);
      },
    },
  };
}
