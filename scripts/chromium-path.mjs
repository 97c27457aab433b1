// Which Chromium the browser tests and scripts drive — never a browser downloaded at run time:
// CHROME_PATH when set, else the system's /usr/bin/chromium (Debian's package), else the Chromium
// that arrives inside the npm package @sparticuz/chromium (a devDependency: `npm install` brings it,
// so a fresh machine without a system browser still runs every test).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** @returns {Promise<{ executablePath: string, env: Record<string, string> }>} */
export async function chromiumForTests() {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROME_PATH names no file: ${configured}`);
    return { executablePath: configured, env: {} };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, env: {} };
  return bundledChromium();
}

/** The npm package's Chromium, unpacked once into the temp folder by the package itself. */
async function bundledChromium() {
  const { default: chromium, inflate } = await import('@sparticuz/chromium');
  const executablePath = await chromium.executablePath();
  // Built for Amazon Linux, it links a few libraries (NSS, expat) that a bare Linux may lack;
  // the package ships them: point the loader at them only when the system has none.
  if (!missingLibraries(executablePath)) return { executablePath, env: {} };
  const packageDir = path.dirname(path.dirname(import.meta.resolve('@sparticuz/chromium').replace('file://', '')));
  const libraries = path.join(await inflate(path.join(packageDir, 'bin', 'al2023.tar.br')), 'lib');
  const current = process.env.LD_LIBRARY_PATH;
  return { executablePath, env: { LD_LIBRARY_PATH: current ? `${libraries}:${current}` : libraries } };
}

function missingLibraries(executable) {
  try {
    return execFileSync('ldd', [executable], { encoding: 'utf8' }).includes('not found');
  } catch {
    return false;
  }
}
