import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '#i18n/t.ts';

/**
 * The browser client against the real endpoints, in process: a fake `fetch` hands each request to
 * the Astro handlers with a tenant in locals, as the middleware would. Modules are fresh per test
 * so the client's page-wide connection state starts empty.
 */
async function setup(options: { tokenAnswer?: unknown } = {}) {
  vi.resetModules();
  const server = await import('#server/realtime/index.ts');
  const { GET: stream } = await import('#pages/api/realtime/index.ts');
  const { GET: token } = await import('#pages/api/realtime/token.ts');
  const client = await import('./realtime-client');
  const tenant = `client${Math.random().toString(36).slice(2)}`;
  const streams: { url: URL; lastEventId: string | null; drop: () => void }[] = [];
  let failNext = 0;

  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://klinik.localhost');
    // The browser aborts its fetch; the server side goes away on its own (`drop`) or with it.
    const serverSide = new AbortController();
    init.signal?.addEventListener('abort', () => serverSide.abort());
    const request = new Request(url, { headers: init.headers ?? {}, signal: serverSide.signal });
    const locals = { tenant: { id: tenant }, locale: 'en', t: translator('en'), path: url.pathname };
    const context = { request, url, locals } as unknown as APIContext;
    if (url.pathname === '/api/realtime/token') {
      return options.tokenAnswer ? Response.json(options.tokenAnswer) : token(context);
    }
    if (failNext > 0) {
      failNext -= 1;
      return new Response('unavailable', { status: 503 });
    }
    streams.push({ url, lastEventId: url.searchParams.get('lastEventId'), drop: () => serverSide.abort() });
    return stream(context);
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('addEventListener', vi.fn());
  vi.stubGlobal('removeEventListener', vi.fn());

  const realm = `tenant:${tenant}`;
  return {
    client,
    server,
    tenant,
    realm,
    streams,
    fetch,
    failNextStreams: (n: number) => {
      failNext = n;
    },
    publish: (channel: string, event: string, data: unknown) => server.publish(tenant, channel, event, data),
    subscribers: (channel: string) => server.realtime().hub.subscriberCount(realm, channel),
  };
}

/** Records a channel's messages; `ready` counts its subscription-ready notices apart. */
function recorder() {
  const got: [string, unknown][] = [];
  const ready = { count: 0 };
  return {
    got,
    ready,
    handler: (event: string, data: unknown) => {
      if (event === 'realtime.ready') ready.count += 1;
      else got.push([event, data]);
    },
  };
}

const channelsOf = (url: URL | undefined) => url?.searchParams.get('channels')?.split(',');

let cleanup: (() => void)[] = [];
beforeEach(() => {
  cleanup = [];
});
afterEach(async () => {
  for (const stop of cleanup) stop();
  await new Promise((resolve) => setTimeout(resolve, 80));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('realtime client over SSE', () => {
  it('shares one connection for all channels of the page and routes events to their handlers', async () => {
    const t = await setup();
    const invoice = recorder();
    const queue = recorder();
    const statuses: string[] = [];
    cleanup.push(t.client.$realtimeStatus.subscribe((status) => statuses.push(status)));
    cleanup.push(t.client.subscribe('invoice:Pub1', invoice.handler));
    cleanup.push(t.client.subscribe('queue:main', queue.handler));

    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('open'));
    expect(t.streams).toHaveLength(1);
    expect(channelsOf(t.streams[0]?.url)).toEqual(['invoice:Pub1', 'queue:main']);
    expect(statuses).toEqual(['closed', 'connecting', 'open']);
    expect(t.fetch.mock.calls.filter(([url]) => url === '/api/realtime/token')).toHaveLength(1);

    await t.publish('invoice:Pub1', 'status', { status: 'paid' });
    await t.publish('queue:main', 'called', { ticket: 'A7' });
    await vi.waitFor(() => {
      expect(invoice.got).toEqual([['status', { status: 'paid' }]]);
      expect(queue.got).toEqual([['called', { ticket: 'A7' }]]);
    });
  });

  it('reconnects with the new channel list, carrying the last event id, and releases dropped channels', async () => {
    const t = await setup();
    const queue = recorder();
    const invoice = recorder();
    const stopQueue = t.client.subscribe('queue:main', queue.handler);
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('open'));
    await t.publish('queue:main', 'called', { ticket: 'A1' });
    await vi.waitFor(() => expect(queue.got).toHaveLength(1));

    // A page swap: the queue page goes, the invoice page comes.
    stopQueue();
    cleanup.push(t.client.subscribe('invoice:Pub2', invoice.handler));
    await vi.waitFor(() => expect(t.streams).toHaveLength(2));
    expect(channelsOf(t.streams[1]?.url)).toEqual(['invoice:Pub2']);
    expect(t.streams[1]?.lastEventId).toBeTruthy();
    await vi.waitFor(() => expect(t.subscribers('queue:main')).toBe(0));
    expect(t.subscribers('invoice:Pub2')).toBe(1);

    await t.publish('queue:main', 'called', { ticket: 'A2' });
    await t.publish('invoice:Pub2', 'status', { status: 'paid' });
    await vi.waitFor(() => expect(invoice.got).toEqual([['status', { status: 'paid' }]]));
    expect(queue.got).toHaveLength(1);
  });

  it('one unsubscribe releases one handler; the last one closes the connection', async () => {
    const t = await setup();
    const first = recorder();
    const second = recorder();
    const stopFirst = t.client.subscribe('queue:main', first.handler);
    const stopSecond = t.client.subscribe('queue:main', second.handler);
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('open'));
    stopFirst();
    stopFirst(); // twice is harmless
    await t.publish('queue:main', 'called', { ticket: 'B1' });
    await vi.waitFor(() => expect(second.got).toHaveLength(1));
    expect(first.got).toHaveLength(0);
    expect(t.streams).toHaveLength(1);

    stopSecond();
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('closed'));
    await vi.waitFor(() => expect(t.subscribers('queue:main')).toBe(0));
  });

  it('reconnects with backoff after a failure or a dropped stream and catches up on what it missed', async () => {
    const t = await setup();
    vi.spyOn(Math, 'random').mockReturnValue(0); // shortest backoff: half of 1 s, 2 s, …
    const queue = recorder();
    t.failNextStreams(1);
    cleanup.push(t.client.subscribe('queue:main', queue.handler));
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('closed'));
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('open'), { timeout: 3_000 });
    await t.publish('queue:main', 'called', { ticket: 'C1' });
    await vi.waitFor(() => expect(queue.got).toHaveLength(1));

    // The server goes away (a deploy, a proxy timeout) and messages are published meanwhile.
    t.streams[0]?.drop();
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('closed'));
    await t.publish('queue:main', 'called', { ticket: 'C2' });
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('open'), { timeout: 3_000 });
    expect(t.streams.at(-1)?.lastEventId).toBeTruthy();
    await vi.waitFor(() =>
      expect(queue.got).toEqual([
        ['called', { ticket: 'C1' }],
        ['called', { ticket: 'C2' }],
      ]),
    );
  });

  it('tells the visitor "connecting", not "disconnected", until the first open, even through a failed attempt', async () => {
    const t = await setup();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const shown: string[] = [];
    t.client.$realtimeShown.listen((status) => shown.push(status));
    // What an island renders before anything happened (also on the server): nothing alarming.
    expect(t.client.$realtimeShown.get()).toBe('connecting');
    t.failNextStreams(1);
    cleanup.push(t.client.subscribe('booking:abc', recorder().handler));
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('closed'));
    expect(t.client.$realtimeShown.get()).toBe('connecting');
    await vi.waitFor(() => expect(t.client.$realtimeShown.get()).toBe('open'), { timeout: 3_000 });
    expect(shown).not.toContain('closed');
  });

  it('says "disconnected" only once it has not been open for the grace period, and "live" again when back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const t = await setup();
      vi.spyOn(Math, 'random').mockReturnValue(0);
      t.failNextStreams(1_000);
      cleanup.push(t.client.subscribe('booking:abc', recorder().handler));
      await vi.advanceTimersByTimeAsync(t.client.DISCONNECTED_AFTER_MS - 500);
      expect(t.fetch.mock.calls.length).toBeGreaterThan(2); // token, then failed attempts
      expect(t.client.$realtimeShown.get()).toBe('connecting');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(t.client.$realtimeShown.get()).toBe('closed');
      t.failNextStreams(0);
      await vi.advanceTimersByTimeAsync(31_000);
      expect(t.client.$realtimeShown.get()).toBe('open');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells each channel when its subscription is ready, again after every reconnect', async () => {
    const t = await setup();
    const invoice = recorder();
    const queue = recorder();
    cleanup.push(t.client.subscribe('invoice:Pub9', invoice.handler));
    cleanup.push(t.client.subscribe('queue:ready', queue.handler));
    await vi.waitFor(() => expect([invoice.ready.count, queue.ready.count]).toEqual([1, 1]));
    expect(t.client.READY).toBe('realtime.ready');
    t.streams.at(-1)?.drop();
    await vi.waitFor(() => expect(invoice.ready.count).toBe(2), { timeout: 5_000 });
    expect(invoice.got).toEqual([]);
  });

  it('passes a resync to the handlers when the server cannot replay', async () => {
    const t = await setup();
    const queue = recorder();
    cleanup.push(t.client.subscribe('queue:main', queue.handler));
    await vi.waitFor(() => expect(t.client.$realtimeStatus.get()).toBe('open'));
    t.server.realtime().hub.markGap();
    await vi.waitFor(() => expect(queue.got).toEqual([[t.client.RESYNC, null]]));
  });

  it('refuses bad channel names and more than ten channels at once, before any request', async () => {
    const t = await setup();
    expect(() => t.client.subscribe('Queue:main', () => {})).toThrow(TypeError);
    for (let i = 0; i < 10; i++) cleanup.push(t.client.subscribe(`queue:c${i}`, () => {}));
    expect(() => t.client.subscribe('queue:c10', () => {})).toThrow(RangeError);
    // Another handler on a channel already listened to is fine.
    cleanup.push(t.client.subscribe('queue:c0', () => {}));
  });
});

describe('realtime client SSE reading', () => {
  it('reads events split across chunks at any byte, with CRLF line ends, comments and multi-line data', async () => {
    vi.resetModules();
    const client = await import('./realtime-client');
    const text =
      'retry: 3000\r\n\r\n: ping\r\n\r\nid: c1\r\nevent: realtime.ready\r\ndata: {}\r\n\r\n' +
      'id: m1\r\nevent: status\r\ndata: {"channel":"invoice:P1",\r\ndata: "data":{"s":"paid é"}}\r\n\r\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/realtime/token') ? Response.json({ provider: 'local' }) : new Response(body),
      ),
    );
    vi.stubGlobal('addEventListener', vi.fn());
    vi.stubGlobal('removeEventListener', vi.fn());
    const invoice = recorder();
    const failing = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanup.push(
      client.subscribe('invoice:P1', () => {
        throw new Error('a broken island');
      }),
    );
    cleanup.push(client.subscribe('invoice:P1', invoice.handler));
    await vi.waitFor(() => expect(invoice.got).toEqual([['status', { s: 'paid é' }]]));
    expect(client.$realtimeStatus.get()).toBe('open');
    expect(failing).toHaveBeenCalled();
  });
});

describe('realtime client with Ably', () => {
  it('loads the Ably transport only when the token endpoint says ably, and opens no SSE', async () => {
    const update = vi.fn();
    const close = vi.fn();
    const ablyTransport = vi.fn(() => ({ update, close }));
    vi.doMock('./ably-transport', () => ({ ablyTransport }));
    const answer = { provider: 'ably', realm: 'tenant:t1', tokenRequest: { keyName: 'app.key', mac: 'x' } };
    const t = await setup({ tokenAnswer: answer });
    const stop = t.client.subscribe('invoice:Pub3', () => {});
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith(['invoice:Pub3']));
    expect(ablyTransport).toHaveBeenCalledWith(answer, expect.objectContaining({ emit: expect.any(Function) }));
    expect(t.streams).toHaveLength(0);
    stop();
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    vi.doUnmock('./ably-transport');
  });
});
