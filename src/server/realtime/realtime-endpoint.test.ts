import type { APIContext } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { translator } from '#i18n/t.ts';
import { GET } from '#pages/api/realtime/index.ts';
import { GET as token } from '#pages/api/realtime/token.ts';
import { closeRealtime, publish, realtime } from '.';

/** The endpoints called as Astro would, with a tenant in locals; tenants are unique per test. */
function call(
  handler: typeof GET,
  tenantId: string,
  path: string,
  options: { headers?: Record<string, string>; locale?: 'en' | 'ms' | 'id' } = {},
) {
  const abort = new AbortController();
  const url = new URL(path, 'http://klinik.localhost');
  const request = new Request(url, { headers: options.headers ?? {}, signal: abort.signal });
  const locale = options.locale ?? 'en';
  const locals = { tenant: { id: tenantId }, locale, t: translator(locale), path: url.pathname };
  const response = handler({ request, url, locals } as unknown as APIContext) as Response | Promise<Response>;
  return { response: Promise.resolve(response), abort };
}

/** Reads an SSE body and collects its text until `until` matches (or time runs out). */
function sseReader(response: Response) {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  let text = '';
  return {
    reader,
    text: () => text,
    async until(match: (text: string) => boolean, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      while (!match(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out; got:\n${text}`);
        const next = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
        ]);
        if (next === 'timeout') continue;
        if (next.done) throw new Error(`stream ended; got:\n${text}`);
        text += next.value;
      }
      return text;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
let tenantCount = 0;
const newTenant = () => `endpoint${Date.now().toString(36)}${++tenantCount}`;

afterAll(async () => {
  await closeRealtime();
});

describe('GET /api/realtime', () => {
  it('streams the tenant channel events as SSE and releases the subscription on abort', async () => {
    const tenant = newTenant();
    const { response, abort } = call(GET, tenant, '/api/realtime?channels=invoice:Pub1d,queue:main');
    const res = await response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const sse = sseReader(res);
    await sse.until((text) => text.includes('event: realtime.ready'));
    expect(sse.text().startsWith('retry: 3000\n\n')).toBe(true);
    expect(realtime().hub.subscriberCount(`tenant:${tenant}`, 'invoice:Pub1d')).toBe(1);

    await publish(tenant, 'invoice:Pub1d', 'status', { status: 'paid' });
    await publish('someone-else', 'invoice:Pub1d', 'status', { status: 'void' });
    await publish(tenant, 'invoice:other', 'status', { status: 'void' });
    const text = await sse.until((t) => t.includes('event: status'));
    expect(text).toMatch(
      /id: [\w-]+\nevent: status\ndata: \{"channel":"invoice:Pub1d","data":\{"status":"paid"\},"at":"[^"]+"\}\n\n/,
    );
    await tick();
    expect(sse.text()).not.toContain('void');

    abort.abort();
    await tick();
    expect(realtime().hub.subscriberCount(`tenant:${tenant}`, 'invoice:Pub1d')).toBe(0);
    expect(realtime().hub.subscriberCount(`tenant:${tenant}`, 'queue:main')).toBe(0);
    const end = await sse.reader.read();
    expect(end.done).toBe(true);
  });

  it('releases the subscription when the reader cancels the stream (the node adapter on close)', async () => {
    const tenant = newTenant();
    const { response } = call(GET, tenant, '/api/realtime?channels=queue:main');
    const sse = sseReader(await response);
    await sse.until((text) => text.includes('realtime.ready'));
    expect(realtime().hub.subscriberCount(`tenant:${tenant}`, 'queue:main')).toBe(1);
    await sse.reader.cancel();
    expect(realtime().hub.subscriberCount(`tenant:${tenant}`, 'queue:main')).toBe(0);
  });

  it('formats a message once for all its readers: every stream is handed the same bytes', async () => {
    const tenant = newTenant();
    const readers = await Promise.all(
      [1, 2].map(async () => {
        const reader = (await call(GET, tenant, '/api/realtime?channels=campaign:c1').response).body?.getReader();
        if (!reader) throw new Error('no body');
        return reader;
      }),
    );
    /** The chunk that carries the event, as enqueued (raw bytes, no decoder in between). */
    const eventChunk = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        if (new TextDecoder().decode(value).includes('event: board')) return value;
      }
    };
    await tick();
    await publish(tenant, 'campaign:c1', 'board', { top: ['a', 'b'] });
    const [first, second] = await Promise.all(readers.map(eventChunk));
    expect(new TextDecoder().decode(first)).toContain('"data":{"top":["a","b"]}');
    expect(second).toBe(first);
    await Promise.all(readers.map((reader) => reader.cancel()));
  });

  it('replays what was missed after Last-Event-ID (header or query), then goes live', async () => {
    const tenant = newTenant();
    const first = call(GET, tenant, '/api/realtime?channels=queue:main');
    const sse = sseReader(await first.response);
    await sse.until((text) => text.includes('realtime.ready'));
    await publish(tenant, 'queue:main', 'called', { ticket: 'A001' });
    const seen = await sse.until((text) => text.includes('A001'));
    const lastId = [...seen.matchAll(/^id: (.+)$/gm)].at(-1)?.[1];
    expect(lastId).toBeTruthy();
    first.abort.abort();

    // While disconnected:
    await publish(tenant, 'queue:main', 'called', { ticket: 'A002' });
    await publish(tenant, 'queue:main', 'called', { ticket: 'A003' });

    for (const how of ['header', 'query'] as const) {
      const again = call(
        GET,
        tenant,
        `/api/realtime?channels=queue:main${how === 'query' ? `&lastEventId=${encodeURIComponent(lastId ?? '')}` : ''}`,
        how === 'header' ? { headers: { 'Last-Event-ID': lastId ?? '' } } : {},
      );
      const replay = sseReader(await again.response);
      const text = await replay.until((t) => t.includes('realtime.ready'));
      expect(text.indexOf('A002')).toBeGreaterThan(0);
      expect(text.indexOf('A003')).toBeGreaterThan(text.indexOf('A002'));
      expect(text).not.toContain('A001');
      expect(text).not.toContain('realtime.resync');
      again.abort.abort();
    }
  });

  it('resumes from the ready cursor even when no event had arrived', async () => {
    const tenant = newTenant();
    const first = call(GET, tenant, '/api/realtime?channels=booking:Req9');
    const sse = sseReader(await first.response);
    const text = await sse.until((t) => t.includes('realtime.ready'));
    const cursor = /id: (.+)\nevent: realtime\.ready/.exec(text)?.[1];
    first.abort.abort();
    await publish(tenant, 'booking:Req9', 'decided', { decision: 'approved' });
    const again = call(GET, tenant, '/api/realtime?channels=booking:Req9', {
      headers: { 'Last-Event-ID': cursor ?? '' },
    });
    const replay = sseReader(await again.response);
    expect(await replay.until((t) => t.includes('realtime.ready'))).toContain('"decision":"approved"');
    again.abort.abort();
  });

  it('tells a reader with an unknown Last-Event-ID to resync', async () => {
    const tenant = newTenant();
    const { response, abort } = call(GET, tenant, '/api/realtime?channels=queue:main', {
      headers: { 'Last-Event-ID': 'deadbeef-zz' },
    });
    const text = await sseReader(await response).until((t) => t.includes('realtime.ready'));
    expect(text).toContain('event: realtime.resync\ndata: {"channels":["queue:main"]}\n\n');
    abort.abort();
  });

  it('refuses bad channel lists with a 400 in the visitor language', async () => {
    const tenant = newTenant();
    const eleven = Array.from({ length: 11 }, (_, i) => `queue:c${i}`).join(',');
    for (const query of [
      '',
      '?channels=',
      '?channels=Invoice:abc',
      `?channels=${eleven}`,
      '?channels=a:b&lastEventId=x%0Ay',
    ]) {
      const { response } = call(GET, tenant, `/api/realtime${query}`, { locale: 'ms' });
      const res = await response;
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()).error).toBe(translator('ms')('error.request'));
    }
    expect(realtime().hub.subscriberCount()).toBe(0);
  });
});

describe('GET /api/realtime/token', () => {
  it('says local when Ably is not configured', async () => {
    const { response } = call(token, newTenant(), '/api/realtime/token');
    const res = await response;
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ provider: 'local' });
  });
});
