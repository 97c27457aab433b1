// @ts-check
// Build step (an Astro integration, astro.config.mjs): every text file of the build's client
// folder gets a brotli (quality 11) and a gzip (level 9) twin next to it, `x.js.br` and
// `x.js.gz`, when the file is at least 1 KB and the twin is smaller. scripts/static-files.mjs
// serves the twin the request accepts. Images, PDF and fonts are already compressed: left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { MIN_COMPRESSED_BYTES } from './compression.mjs';

const TEXT = /\.(?:html|css|js|mjs|json|map|svg|xml|txt|ics|webmanifest)$/i;

/**
 * Writes the twins of every text file under `root`; returns what it did.
 * @param {string} root
 */
export function precompressFolder(root) {
  let files = 0;
  let before = 0;
  let afterBr = 0;
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && TEXT.test(entry.name) && statSync(full).size >= MIN_COMPRESSED_BYTES) {
        const content = readFileSync(full);
        const br = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gz = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (br.length < content.length) writeFileSync(`${full}.br`, br);
        if (gz.length < content.length) writeFileSync(`${full}.gz`, gz);
        files += 1;
        before += content.length;
        afterBr += Math.min(br.length, content.length);
      }
    }
  };
  walk(root);
  return { files, before, afterBr };
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  return {
    name: 'serambi:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // For a server build `dir` is the client folder (dist/client).
        const root = fileURLToPath(dir);
        const { files, before, afterBr } = precompressFolder(root);
        logger.info(
          `${files} text files precompressed (.br, .gz): ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`,
        );
      },
    },
  };
}
