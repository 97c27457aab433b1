// The dependency rules of DESIGN.md §2, checked on every import under src/ (a step of `npm test`):
//   server/   imports no feature (features register with it through src/app.server.ts);
//   lib/      imports nothing else of ours;
//   islands   (features/*/islands, components/**/*.tsx, stores/) never import server-only code:
//             no *.server files, no db/, no server/;
//   pages/    never import a feature's repository (*-repo.server) or the schema: they call the feature;
//   components (components/, features/*/components) load no data: no server/database.server, no
//             db/, no *-repo.server; the page loads and passes props;
//   features  have two doors: index.ts (browser-safe: types, pure rules, schemas, messages) and
//             index.server.ts (the use cases). Another feature's server code is reached only
//             through index.server.ts; its pure files are public too; its islands and components
//             are for pages, never for another feature;
//   imports   a relative import stays inside its area (a feature, or a top folder of src/); one
//             that leaves it uses the package's `#…` alias (docs/decisions/0034-one-alias-system.md).
// Imports are resolved to files, so `../x`, `../../features/y` and `#features/y` read the same.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
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
    const isDoor = /^(index|index\.server)(\.ts)?$/.test(inside) || inside === '';
    if (!isDoor && /\.server(\.ts)?$/.test(inside))
      return `server code of features/${other} is reached through its index.server.ts`;
    if (own && /^(islands|components)\//.test(inside))
      return `a feature never imports the islands or components of features/${other}`;
  }
  return null;
}

/** The area a file belongs to: its feature, or its top folder of src/ (`root` for src/*.ts). */
export const areaOf = (file) => {
  const parts = file.split('/');
  if (parts.length === 1) return 'root';
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
};
const topOf = (file) => (file.includes('/') ? `${file.split('/')[0]}/…` : file.replace(/\.ts$/, ''));

/** Every broken rule under `srcDir`: `file: import 'specifier' — rule`. */
export function boundaryViolations(srcDir, aliases = {}) {
  const found = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const target = resolveImport(file, specifier, aliases);
      if (target === null) {
        if (specifier.startsWith('.'))
          found.push(`src/${file}: import '${specifier}' — a relative import never leaves src/: use an alias`);
        continue;
      }
      const rule =
        (specifier.startsWith('.') && areaOf(target) !== areaOf(file)
          ? `a relative import stays inside ${areaOf(file)}: use the #${topOf(target)} alias`
          : null) ?? (isTest(file) ? null : brokenRule(file, target));
      if (rule) found.push(`src/${file}: import '${specifier}' — ${rule}`);
    }
  }
  return found;
}

/**
 * The package's `imports` aliases as prefixes relative to src/: `#features/*` → `./src/features/*`
 * becomes `#features/` → `features/`, and an exact `#app.server` → `./src/app.server.ts` stays whole.
 */
export function packageAliases(root) {
  const imports = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
  return Object.fromEntries(
    Object.entries(imports)
      .filter(([, value]) => typeof value === 'string' && value.startsWith('./src/'))
      .map(([key, value]) =>
        key.endsWith('/*') ? [key.slice(0, -1), value.slice('./src/'.length, -1)] : [key, value.slice('./src/'.length)],
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// Reach: the whole runtime import graph of src/ (type-only imports are erased and don't count).
//   - every browser entry (islands, components/**/*.tsx, stores/, .astro <script> tags) may reach
//     no *.server module, no db/, no server/, no Node built-in and no server-only package;
//   - no runtime cycle (Tarjan's strongly connected components);
//   - db/ imports nothing above it (features, server, pages, layouts, components);
//   - layouts open no database (server/database.server, db/client.server): pages pass props;
//   - pages never import db/ nor drizzle-orm: they call features.
const SERVER_PACKAGES = ['drizzle-orm', 'pg', '@electric-sql/pglite', 'pg-boss', 'nodemailer', 'pdfkit', 'fontkit'];
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts', '/index.tsx', '/index.mjs'];
const STATEMENT =
  /(?:^|\n)[ \t]*(import|export)\s+([^'"`;]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)[ \t]*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The package an import names (`@scope/pkg/sub` → `@scope/pkg`, `node:fs` → `node:fs`). */
const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
const isNodeBuiltin = (name) => name.startsWith('node:') || BUILTINS.has(name);
const isServerPackage = (name) => SERVER_PACKAGES.includes(name) || isNodeBuiltin(name);

/** True when the bindings clause imports types only (`type X`, `{ type A, type B }`). */
function typeOnly(clause) {
  if (/^type\s/.test(clause)) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The runtime imports of one file's text: `{ specifier }`. */
function runtimeImports(text) {
  const found = [];
  for (const match of text.matchAll(STATEMENT)) {
    if (match[3] !== undefined) {
      if (!typeOnly(match[2])) found.push(match[3]);
    } else found.push(match[4] ?? match[5]);
  }
  return found;
}

/** An .astro file's frontmatter (server) and its bundled `<script>` bodies (browser). */
function astroParts(text) {
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\bis:inline\b|\bsrc=|type=["']application\/(ld\+)?json/.test(match[1] ?? ''))
    .map((match) => match[2]);
  return { front, scripts };
}

/**
 * The runtime import graph of `srcDir`: node → [{ to, specifier }], where `to` is a file relative
 * to src/ or `pkg:<name>` for a package. `.astro` script tags become nodes `<file>#script`.
 */
export function importGraph(srcDir, aliases = {}) {
  const files = sourceFiles(srcDir).filter((file) => !isTest(file));
  const known = new Set(files);
  const toFile = (target) => EXTENSIONS.map((ext) => target + ext).find((candidate) => known.has(candidate)) ?? null;
  const edges = (file, text) =>
    runtimeImports(text).flatMap((specifier) => {
      const target = resolveImport(file, specifier, aliases);
      if (target === null) {
        if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#')) return [];
        return [{ to: `pkg:${packageName(specifier)}`, specifier }];
      }
      const to = toFile(target);
      return to ? [{ to, specifier }] : [];
    });
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    if (file.endsWith('.astro')) {
      const { front, scripts } = astroParts(text);
      graph.set(file, edges(file, front));
      if (scripts.length > 0) graph.set(`${file}#script`, edges(file, scripts.join('\n')));
    } else graph.set(file, edges(file, text));
  }
  return graph;
}

// A feature's index.ts is its browser door: what it reaches must be as safe as an island's.
const isBrowserDoor = (node) => /^features\/[^/]+\/index\.ts$/.test(node);
const isBrowserEntry = (node) =>
  (node.endsWith('#script') || isIsland(node) || isBrowserDoor(node)) && !node.startsWith('pkg:');
const forbiddenInBrowser = (node) =>
  node.startsWith('pkg:') ? isServerPackage(node.slice(4)) : isServerOnly(node.replace(/\.[a-z]+$/, ''));

/** Strongly connected components of the graph with more than one node, or a self-loop (Tarjan). */
export function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const next = (node) => (graph.get(node) ?? []).map((edge) => edge.to).filter((to) => graph.has(to));
  function connect(start) {
    // Iterative, so deep graphs can't overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const children = next(node);
      if (i < children.length) {
        frame[1]++;
        const child = children[i];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push([child, 0]);
        } else if (onStack.has(child)) low.set(node, Math.min(low.get(node), index.get(child)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || next(node).includes(node)) found.push(component.sort());
      }
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** A shortest path of nodes from `start` to the first node `bad` accepts (breadth-first), or null. */
function reach(graph, start, bad) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const { to } of graph.get(node) ?? []) {
      if (previous.has(to)) continue;
      previous.set(to, node);
      if (bad(to)) {
        const trail = [to];
        for (let at = node; at !== null; at = previous.get(at)) trail.unshift(at);
        return trail;
      }
      if (!to.startsWith('pkg:')) queue.push(to);
    }
  }
  return null;
}

/** The rule a direct import from `file` to `to` (a file or `pkg:<name>`) breaks in the layer rules of reach. */
function layerRule(file, to) {
  const target = to.replace(/\.[a-z]+$/, '');
  if (file.startsWith('db/') && /^(features|server|pages|layouts|components|stores|pipeline|demo)\//.test(to))
    return 'db/ imports nothing above it (features, server, pages, layouts, components)';
  if (file.startsWith('layouts/') && /^(server\/database\.server|db\/client\.server)$/.test(target))
    return 'a layout opens no database: its page passes what it needs as props';
  if (file.startsWith('pages/') && (to.startsWith('db/') || to === 'pkg:drizzle-orm'))
    return 'a page never imports db/ or drizzle-orm: it calls a feature';
  return null;
}

/** Every broken rule of reach under `srcDir`. */
export function reachViolations(srcDir, aliases = {}) {
  const graph = importGraph(srcDir, aliases);
  const found = [];
  for (const [node, edges] of graph) {
    const file = node.replace(/#script$/, '');
    for (const { to, specifier } of edges) {
      const rule = layerRule(file, to);
      if (rule) found.push(`src/${node}: import '${specifier}' — ${rule}`);
    }
    if (isBrowserEntry(node)) {
      const trail = reach(graph, node, forbiddenInBrowser);
      if (trail)
        found.push(
          `src/${node}: reaches ${trail[trail.length - 1]} — a browser entry's import closure holds no server-only code (${trail.join(' → ')})`,
        );
    }
  }
  for (const component of cycles(graph))
    found.push(`runtime import cycle of ${component.length} files: ${component.map((n) => `src/${n}`).join(', ')}`);
  return found;
}

/** Every broken rule (names and reach) of the project at `root` (reads root/package.json and root/src). */
/**
 * Pages that ship JavaScript of their own, beyond the shell every page has: each page (under
 * pages/, .astro) with the islands (`client:` components, .tsx) and component `<script>`s its
 * templates reach through other .astro files. The JS budget test must measure each of them
 * (scripts/budget-coverage.test.ts).
 */
export function pagesShippingScripts(srcDir, aliases = {}) {
  const graph = importGraph(srcDir, aliases);
  const isShell = (file) => file.startsWith('layouts/') || file.startsWith('components/shell/');
  const shipped = new Map();
  for (const page of [...graph.keys()].filter((n) => n.startsWith('pages/') && n.endsWith('.astro')).sort()) {
    const scripts = new Set();
    const seen = new Set([page]);
    const queue = [page];
    while (queue.length > 0) {
      const file = queue.shift();
      if (graph.has(`${file}#script`) && !isShell(file)) scripts.add(`${file}#script`);
      for (const { to } of graph.get(file) ?? []) {
        if (seen.has(to) || to.startsWith('pkg:')) continue;
        seen.add(to);
        if (to.endsWith('.tsx')) scripts.add(to);
        if (to.endsWith('.astro')) queue.push(to);
      }
    }
    if (scripts.size > 0) shipped.set(page.slice('pages/'.length), [...scripts].sort());
  }
  return shipped;
}

export function checkBoundaries(root) {
  const aliases = packageAliases(root);
  const src = path.join(root, 'src');
  return [...boundaryViolations(src, aliases), ...reachViolations(src, aliases)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const found = checkBoundaries(root);
  for (const line of found) console.log(line);
  console.log(
    found.length === 0
      ? 'boundaries: every import keeps to its layer and reach, no cycles'
      : `boundaries: ${found.length} broken`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
