import { afterEach, describe, expect, it } from 'vitest';
import { chromiumForTests } from './chromium-path.mjs';

const saved = process.env.CHROME_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CHROME_PATH;
  else process.env.CHROME_PATH = saved;
});

describe('chromiumForTests', () => {
  it('uses CHROME_PATH when it names a file', async () => {
    process.env.CHROME_PATH = process.execPath;
    expect(await chromiumForTests()).toEqual({ executablePath: process.execPath, env: {} });
  });

  it('refuses a CHROME_PATH that names nothing, instead of falling back silently', async () => {
    process.env.CHROME_PATH = '/nonexistent/chromium';
    await expect(chromiumForTests()).rejects.toThrow('CHROME_PATH names no file');
  });

  it('finds a runnable Chromium without CHROME_PATH (the system one or the npm package)', async () => {
    delete process.env.CHROME_PATH;
    const { executablePath } = await chromiumForTests();
    expect(executablePath).toMatch(/chromium/);
  });
});
