import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { apiCall, NO_CONTENT } from './api-client';

const Answer = z.object({ path: z.string() });
const failed = 'Unable to complete your request';
const answering = (body: string, status = 200, contentType = 'application/json') =>
  vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));

afterEach(() => vi.unstubAllGlobals());

describe('apiCall, the islands’ one way to call an endpoint', () => {
  it('returns the parsed answer, sending JSON in the visitor’s language', async () => {
    const fetch = answering(JSON.stringify({ path: '/ms/next', extra: 1 }));
    const result = await apiCall(Answer, '/api/x', { method: 'POST', body: { a: 1 }, locale: 'ms', failed, fetch });
    expect(result).toEqual({ ok: true, status: 200, data: { path: '/ms/next' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Accept-Language': 'ms' });
  });

  it('asks in the language of the page it is called from unless told another (issue 23)', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'id' } });
    const fetch = answering(JSON.stringify({ path: '/p' }));
    await apiCall(Answer, '/api/x', { failed, fetch });
    await apiCall(Answer, '/api/x', { locale: 'ms', failed, fetch });
    const sent = fetch.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Accept-Language'],
    );
    expect(sent).toEqual(['id', 'ms']);
  });

  it('takes a zod/mini schema (what islands ship) as well as a full zod one', async () => {
    const Mini = zm.object({ path: zm.string(), note: zm.optional(zm.string()) });
    const fetch = answering(JSON.stringify({ path: '/p' }));
    expect(await apiCall(Mini, '/api/x', { failed, fetch })).toEqual({ ok: true, status: 200, data: { path: '/p' } });
    const wrong = await apiCall(Mini, '/api/x', { failed, fetch: answering('{"note":"x"}') });
    expect(wrong).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('sends a file as it is, and reads an empty 204 as no data', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const photo = new Blob(['x'], { type: 'image/png' });
    const result = await apiCall(NO_CONTENT, '/api/photo', { method: 'POST', body: photo, failed, fetch });
    expect(result).toEqual({ ok: true, status: 204, data: undefined });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(photo);
    expect(init.headers).not.toHaveProperty('Content-Type');
    const unexpected = await apiCall(NO_CONTENT, '/api/photo', { failed, fetch: answering('{"a":1}') });
    expect(unexpected).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('gives a 4xx the endpoint’s own message, reason and field messages', async () => {
    const body = { error: 'Slot diambil', reason: 'slot_taken', fields: { start: 'Masa tidak sah' } };
    const result = await apiCall(Answer, '/api/x', { failed, fetch: answering(JSON.stringify(body), 409) });
    expect(result).toEqual({
      ok: false,
      status: 409,
      kind: 'http',
      message: 'Slot diambil',
      reason: 'slot_taken',
      fields: { start: 'Masa tidak sah' },
    });
  });

  it('says the fallback for an error page that is not JSON, or JSON without { error }', async () => {
    const html = await apiCall(Answer, '/api/x', {
      failed,
      fetch: answering('<html>Bad gateway</html>', 502, 'text/html'),
    });
    expect(html).toEqual({ ok: false, status: 502, kind: 'http', message: failed });
    const odd = await apiCall(Answer, '/api/x', { failed, fetch: answering('{"message":"x"}', 500) });
    expect(odd).toEqual({ ok: false, status: 500, kind: 'http', message: failed });
  });

  it('treats a 2xx that is not JSON, or does not fit the schema, as a failure', async () => {
    const text = await apiCall(Answer, '/api/x', { failed, fetch: answering('OK', 200, 'text/plain') });
    expect(text).toEqual({ ok: false, status: 200, kind: 'invalid', message: failed });
    const mismatch = await apiCall(Answer, '/api/x', { failed, fetch: answering('{"path":42}') });
    expect(mismatch).toEqual({ ok: false, status: 200, kind: 'invalid', message: failed });
  });

  it('never throws when no answer comes, and says so in the offline words when offline', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await apiCall(Answer, '/api/x', { failed, offline: 'You are offline', fetch: down })).toEqual({
      ok: false,
      status: 0,
      kind: 'network',
      message: failed,
    });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await apiCall(Answer, '/api/x', { failed, offline: 'You are offline', fetch: down })).toMatchObject({
      kind: 'network',
      message: 'You are offline',
    });
  });

  it('uses the browser’s fetch when none is given', async () => {
    const fetch = answering(JSON.stringify({ path: '/p' }));
    vi.stubGlobal('fetch', fetch);
    expect(await apiCall(Answer, '/api/x', { failed })).toMatchObject({ ok: true, data: { path: '/p' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
