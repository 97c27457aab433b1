// Issue 24: every in-app address is built by its feature's paths module
// (src/features/<name>/paths.ts), which encodes each segment. A template literal elsewhere that
// starts a path of ours with an interpolation (`/${lang}/invoices/${id}`) or with one of our route
// prefixes and interpolates into it (`/invoices/${id}/pdf`) is a hand-built address: this scan
// fails on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The first segments of our routes: the folders and files of src/pages (`/api`, `/donation`, …). */
const ROUTE_PREFIXES = readdirSync('src/pages').map((name) => name.replace(/\.(astro|ts|js)$/, ''));

const HAND_BUILT = new RegExp(
  `\`/(?:\\$\\{|(?:${ROUTE_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[/?\`])[^\`]*\\$\\{)`,
);

/** Files that build a path of ours by hand on purpose, and why. */
const BUILDS_ON_PURPOSE: Record<string, string> = {
  'src/i18n/routing.ts': 'the language prefix itself (localePath) and the language switch',
  'src/pipeline/route-policy.ts': 'the route table’s patterns, not addresses',
  'src/features/embeds/embed-loader.ts': 'pasted into /embed.js as it is: self-contained, it can import nothing',
  'src/lib/countries.ts': 'the flag endpoint’s one builder (lib imports nothing of ours)',
  'src/components/realtime/realtime-client.ts': 'the realtime endpoint’s one client',
  'src/lib/safe-return-path.ts': 'normalises a return path, builds none',
  'src/db/test-databases.ts': 'a database URL, not an address of ours',
  'src/db/test-templates.global-setup.ts': 'a database URL, not an address of ours',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f).split('\\').join('/'));
}

/** The code of a source, its block and line comments left out (they may name an address). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

const isPathsModule = (file: string) => /^src\/features\/[^/]+\/paths\.ts$/.test(file);

describe('in-app addresses are built only by the paths modules', () => {
  it('recognises a hand-built address', () => {
    for (const line of [
      'const a = `/${lang}/invoices/${id}`;',
      'href={`/invoices/${invoice.publicId}/pdf`}',
      'fetch(`/api/donations/campaigns/${id}/totals`)',
      'const b = `/donation/${campaign}`;',
      'const c = `/loyalty/rewards?invoice=${id}`;',
    ])
      expect(HAND_BUILT.test(line), line).toBe(true);
    for (const line of [
      "localePath(locale, '/invoices')",
      'invoicePath(locale, invoice.kind, invoice.publicId)',
      'const d = `/queue-audio/${language}/${token}.ogg`;',
      'const e = `${origin}${campaignPath(locale, id)}`;',
      'const f = `/demo/${slug}-logo.svg`;',
    ])
      expect(HAND_BUILT.test(line), line).toBe(false);
  });

  it('finds no hand-built address outside the paths modules', () => {
    const offenders = sourceFiles('src').filter(
      (file) =>
        !isPathsModule(file) &&
        !(file in BUILDS_ON_PURPOSE) &&
        HAND_BUILT.test(withoutComments(readFileSync(file, 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps no excuse that is no longer needed', () => {
    const unneeded = Object.keys(BUILDS_ON_PURPOSE).filter(
      (file) => !HAND_BUILT.test(withoutComments(readFileSync(file, 'utf8'))),
    );
    expect(unneeded).toEqual([]);
  });
});
