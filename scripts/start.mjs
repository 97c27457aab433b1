// `npm start`: build when the build is missing or older than the sources, then serve it.
// The server opens (and on first start creates, migrates and seeds) the embedded database.
// The server runs in this process (serve.mjs is imported), so a SIGTERM or SIGINT sent to it (npm
// passes them on) gets serve.mjs's graceful stop; during the build, the signal goes to the build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const sources = [
  'src',
  'public',
  'astro.config.mjs',
  'scripts/precompress.mjs',
  'package.json',
  'package-lock.json',
].map((p) => path.join(root, p));
const stale = !existsSync(entry) || Math.max(...sources.map(newestMtime)) > statSync(entry).mtimeMs;
if (stale) {
  console.log('serambi: building (first start, or sources changed)…');
  const build = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  const forward = (signal) => build.kill(signal);
  process.on('SIGTERM', forward).on('SIGINT', forward);
  const [code, signal] = await new Promise((resolve) => build.once('exit', (...result) => resolve(result)));
  process.off('SIGTERM', forward).off('SIGINT', forward);
  if (signal) process.exit(0);
  if (code !== 0) process.exit(code ?? 1);
}

process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '4321';
console.log(`serambi: starting on http://${process.env.HOST}:${process.env.PORT}/`);
await import(path.join(root, 'scripts/serve.mjs'));
// Load the request pipeline now (it checks the configuration and stops the process when it is
// wrong) rather than on the first visitor's request.
await fetch(`http://${process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST}:${process.env.PORT}/`).catch(
  () => {},
);
