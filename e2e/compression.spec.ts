import { request as httpRequest } from 'node:http';
import { expect, type Response, test } from '@playwright/test';
import { call, hydrated, PORT, site } from './support';

// Compression at the front door (scripts/serve.mjs, docs/decisions/0017): the browser gets every
// text answer compressed, hashed assets precompressed and cached as immutable, and the pages
// still hydrate and navigate; the event stream is never compressed or held back.

const TEXT = /^(text\/(html|css|javascript|calendar)|application\/(json|javascript|xml)|image\/svg\+xml)/;

test.describe('compressed answers', () => {
  test('pages hydrate and navigate, and every text answer of 1 KB or more came compressed', async ({ page }) => {
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).port === String(PORT)) answers.push(response);
    });
    await page.goto(site('klinik', '/ms/appointment'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tempah temujanji');
    await page.locator('a[data-category="dental"]').click();
    await expect(page).toHaveURL(site('klinik', '/ms/appointment/category/dental'));
    await page.getByRole('link', { name: 'Tempah Cuci gigi (scaling dan polishing)' }).click();
    await expect(page).toHaveURL(site('klinik', '/ms/appointment/dental-scaling'));
    await hydrated(page);
    // The availability island fetched and drew its times: hydrated and working.
    await expect(page.locator('[data-availability="ready"]')).toBeVisible({ timeout: 15_000 });

    const checked: string[] = [];
    for (const response of answers) {
      const headers = await response.allHeaders();
      const type = headers['content-type'] ?? '';
      if (!TEXT.test(type) || response.status() !== 200) continue;
      const size = (await response.body()).length;
      if (size < 1024) continue;
      const { pathname } = new URL(response.url());
      expect(headers['content-encoding'], `${pathname} (${type}, ${size} bytes)`).toMatch(/^(br|gzip)$/);
      expect(headers.vary ?? '', pathname).toMatch(/accept-encoding/i);
      checked.push(pathname);
    }
    // The three pages, their scripts and the availability feed at least.
    expect(checked).toEqual(
      expect.arrayContaining([
        '/ms/appointment',
        '/ms/appointment/category/dental',
        '/ms/appointment/dental-scaling',
        expect.stringMatching(/^\/_astro\/.+\.js$/),
        expect.stringMatching(/^\/api\/appointments\/.+\/availability$/),
      ]),
    );
  });

  test('hashed assets are precompressed and immutable; brotli, gzip or none as the client asks', async () => {
    const home = await call('klinik.localhost', '/');
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(home.body)?.[1] ?? /"(\/_astro\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(script, 'a hashed script on the home page').toBeTruthy();
    const asset = script as string;
    const br = await call('klinik.localhost', asset, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    const gzip = await call('klinik.localhost', asset, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const none = await call('klinik.localhost', asset, { 'Accept-Encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(Number(none.headers['content-length'])).toBeGreaterThan(Number(br.headers['content-length']));

    const page = await call('klinik.localhost', '/appointment', { 'Accept-Encoding': 'br;q=0, gzip;q=0.8' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(String(page.headers.vary)).toMatch(/Accept-Encoding/);
    const plain = await call('klinik.localhost', '/appointment');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('</html>');
  });

  test('the event stream is neither compressed nor held back: its first event arrives while it is open', async () => {
    const first = await new Promise<{ headers: Record<string, unknown>; text: string; close: () => void }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: PORT,
            path: '/api/realtime?channels=queue:main',
            headers: { Host: `klinik.localhost:${PORT}`, 'Accept-Encoding': 'gzip, deflate, br' },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
              if (text.includes('event: realtime.ready'))
                resolve({ headers: res.headers, text, close: () => req.destroy() });
            });
            res.on('end', () => reject(new Error('the stream ended before its first event')));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    first.close();
    expect(first.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.text).toMatch(/^retry: \d+\n\n/);
  });
});
