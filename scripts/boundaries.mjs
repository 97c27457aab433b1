// The dependency rules of DESIGN.md §2, checked on every import under src/ (a step of `npm test`):
//   server/   imports no feature (features register with it through src/app.server.ts);
//   lib/      imports nothing else of ours;
//   islands   (features/*/islands, components/**/*.tsx, stores/) never import server-only code:
//             no *.server files, no db/, no server/;
//   pages/    never import a feature's repository (*-repo.server) or the schema: they call the feature;
//   components (components/, features/*/components) load no data: no server/database.server, no
//             db/, no *-repo.server; the page loads and passes props;
//   features  reach another feature's server code only through its index.ts; its pure files
//             (types, rules, schemas: safe on server and client) are public too; its islands and
//             components are for pages, never for another feature.
// Imports are resolved to files, so `../x`, `../../features/y` and `#features/y` read the same.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every source file below a folder, as paths relative to it (posix). */
function sourceFiles(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, base);
    return SOURCE.test(name) ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

/** An import's target relative to src/, or null when it leaves src/ (a package). */
export function resolveImport(from, specifier, aliases = {}) {
  for (const [prefix, target] of Object.entries(aliases)) {
    if (specifier.startsWith(prefix)) return path.posix.normalize(target + specifier.slice(prefix.length));
  }
  if (!specifier.startsWith('.')) return null;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return resolved.startsWith('..') ? null : resolved;
}

const isTest = (file) => /\.(test|spec)\.[a-z]+$/.test(file) || file.includes('test-support');
const isServerOnly = (target) => /\.server(\.[a-z]+)?$/.test(target) || /^(db|server)\//.test(target);
const isComponent = (file) => file.startsWith('components/') || /^features\/[^/]+\/components\//.test(file);
const loadsData = (target) =>
  /^server\/database\.server(\.ts)?$/.test(target) || target.startsWith('db/') || /-repo\.server(\.ts)?$/.test(target);
const featureOf = (file) => /^features\/([^/]+)\//.exec(`${file}/`)?.[1] ?? null;
const isIsland = (file) =>
  /^features\/[^/]+\/islands\//.test(file) || /^components\/.*\.tsx$/.test(file) || file.startsWith('stores/');

/** The rule an import from `file` to `target` (both relative to src/) breaks, or null. */
export function brokenRule(file, target) {
  if (file.startsWith('server/') && target.startsWith('features/'))
    return 'server/ imports no feature: register it from src/app.server.ts';
  if (file.startsWith('lib/') && !target.startsWith('lib/')) return 'lib/ imports nothing else of ours';
  if (isIsland(file) && isServerOnly(target))
    return 'an island never imports server-only code (*.server, db/, server/)';
  if (isComponent(file) && loadsData(target))
    return 'a component loads no data (database, db/, *-repo.server): the page passes it as props';
  if (
    file.startsWith('pages/') &&
    (/^features\/.*-repo\.server(\.ts)?$/.test(target) || target.startsWith('db/schema'))
  )
    return 'a page calls a feature, never a repository or the schema';
  const own = featureOf(file);
  const other = featureOf(target);
  if (other && other !== own) {
    const inside = target.slice(`features/${other}/`.length);
    const isIndex = inside === '' || inside === 'index' || inside === 'index.ts';
    if (!isIndex && /\.server(\.ts)?$/.test(inside))
      return `server code of features/${other} is reached through its index.ts`;
    if (own && /^(islands|components)\//.test(inside))
      return `a feature never imports the islands or components of features/${other}`;
  }
  return null;
}

/** Every broken rule under `srcDir`: `file: import 'specifier' — rule`. */
export function boundaryViolations(srcDir, aliases = {}) {
  const found = [];
  for (const file of sourceFiles(srcDir)) {
    if (isTest(file)) continue;
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const target = resolveImport(file, specifier, aliases);
      if (target === null) continue;
      const rule = brokenRule(file, target);
      if (rule) found.push(`src/${file}: import '${specifier}' — ${rule}`);
    }
  }
  return found;
}

/** The package's `imports` aliases (`#features/*` → `./src/features/*`) as prefixes relative to src/. */
export function packageAliases(root) {
  const imports = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
  return Object.fromEntries(
    Object.entries(imports)
      .filter(([key, value]) => key.endsWith('/*') && typeof value === 'string' && value.startsWith('./src/'))
      .map(([key, value]) => [key.slice(0, -1), value.slice('./src/'.length, -1)]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const found = boundaryViolations(path.join(root, 'src'), packageAliases(root));
  for (const line of found) console.log(line);
  console.log(
    found.length === 0 ? 'boundaries: every import keeps to its layer' : `boundaries: ${found.length} broken`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
