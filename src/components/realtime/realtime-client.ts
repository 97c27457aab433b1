import { atom } from 'nanostores';
import type { RealtimeStatus, TokenAnswer, Transport } from './transport';

export type { RealtimeStatus } from './transport';

/**
 * The page's one realtime connection (DESIGN.md §6). Islands and page scripts call
 * `subscribe(channel, handler)` and keep the returned function: call it when the island unmounts
 * or, for page scripts under Astro's ClientRouter, on `astro:before-swap`. This module outlives
 * view-transition navigations, so the connection is reused; only the channel list changes.
 *
 * Transport: `/api/realtime/token` says `local` (SSE from /api/realtime, read with fetch so any
 * event name arrives and Last-Event-ID is ours to carry) or `ably` (the Ably SDK, loaded only then).
 */

export type RealtimeHandler = (event: string, data: unknown) => void;

/** Handed to a channel's handlers when messages may have been missed: fetch the current state. */
export const RESYNC = 'realtime.resync';

/**
 * Handed to a channel's handlers each time its subscription is ready (SSE stream open, Ably channel
 * attached): from then on no message for it is lost, so an island that rendered server state can
 * ask once whether that state moved before the subscription existed.
 */
export const READY = 'realtime.ready';

/** 'open' when events flow; anything else means "not live" (the TV board shows it). */
export const $realtimeStatus = atom<RealtimeStatus>('closed');

/** How long the connection may take to open (or to come back) before the visitor is told it is down. */
export const DISCONNECTED_AFTER_MS = 8_000;

/**
 * The status as a page tells the visitor ("Live updates are on" / "… are disconnected"): 'open' at
 * once; 'connecting' (nothing alarming) from the first subscription until the first open, and
 * after a drop while it reconnects; 'closed' only once it has not been open for
 * DISCONNECTED_AFTER_MS, until it opens again (no flicker through the retries).
 */
export const $realtimeShown = atom<RealtimeStatus>('connecting');
let graceTimer: ReturnType<typeof setTimeout> | undefined;

function showStatus(status: RealtimeStatus) {
  if (status === 'open') {
    clearTimeout(graceTimer);
    graceTimer = undefined;
    $realtimeShown.set('open');
    return;
  }
  if ($realtimeShown.get() === 'closed' || graceTimer !== undefined) return;
  $realtimeShown.set('connecting');
  graceTimer = setTimeout(() => {
    graceTimer = undefined;
    if ($realtimeStatus.get() !== 'open') $realtimeShown.set('closed');
  }, DISCONNECTED_AFTER_MS);
}
$realtimeStatus.listen(showStatus);

const CHANNEL = /^[a-z]+:[A-Za-z0-9_-]{1,64}$/;
const MAX_CHANNELS = 10;

const handlers = new Map<string, Set<RealtimeHandler>>();
let transport: Transport | undefined;
let opening: Promise<Transport> | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

export function subscribe(channel: string, handler: RealtimeHandler): () => void {
  if (!CHANNEL.test(channel)) throw new TypeError(channel);
  let set = handlers.get(channel);
  if (!set) {
    if (handlers.size >= MAX_CHANNELS) throw new RangeError(channel);
    set = new Set();
    handlers.set(channel, set);
  }
  set.add(handler);
  // The grace period starts with the first subscription of the page, not with its first attempt.
  if ($realtimeStatus.get() !== 'open') showStatus('connecting');
  changed();
  return () => {
    if (!set.delete(handler)) return;
    if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
    changed();
  };
}

function emit(channel: string, event: string, data: unknown) {
  for (const handler of [...(handlers.get(channel) ?? [])]) {
    try {
      handler(event, data);
    } catch (error) {
      console.error(error);
    }
  }
}

/** Channel changes are batched: a page swap unsubscribes and subscribes in one go, one reconnect. */
function changed() {
  clearTimeout(pending);
  pending = setTimeout(apply, 50);
}

async function apply() {
  const channels = [...handlers.keys()].sort();
  if (channels.length === 0) {
    transport?.close();
    transport = undefined;
    $realtimeStatus.set('closed');
    return;
  }
  opening ??= openTransport();
  const opened = await opening;
  opening = undefined;
  transport = opened;
  // Subscriptions may have changed while the transport was loading.
  const now = [...handlers.keys()].sort();
  if (now.length) opened.update(now);
  else changed();
}

async function fetchAnswer(): Promise<TokenAnswer> {
  const response = await fetch('/api/realtime/token', { cache: 'no-store' });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

async function openTransport(): Promise<Transport> {
  if (transport) return transport;
  const answer = await fetchAnswer().catch(() => ({ provider: 'local' as const }));
  // When Ably cannot even load, the server's own SSE still works.
  if (answer.provider !== 'ably') return sseTransport();
  return import('./ably-transport')
    .then(({ ablyTransport }) => ablyTransport(answer, { emit, status: (s) => $realtimeStatus.set(s), fetchAnswer }))
    .catch(sseTransport);
}

const backoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2);

/** SSE over fetch: one request per channel list; reconnects with backoff, resuming after the last id. */
function sseTransport(): Transport {
  let channels: string[] = [];
  let lastId = '';
  let attempt = 0;
  let request: AbortController | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function connect() {
    clearTimeout(retry);
    request?.abort();
    if (closed) return;
    const controller = new AbortController();
    request = controller;
    $realtimeStatus.set('connecting');
    const query = `channels=${encodeURIComponent(channels.join(','))}${lastId ? `&lastEventId=${encodeURIComponent(lastId)}` : ''}`;
    read(`/api/realtime?${query}`, controller).then(
      () => lost(controller),
      () => lost(controller),
    );
  }

  function lost(controller: AbortController) {
    if (request !== controller || closed) return;
    controller.abort();
    $realtimeStatus.set('closed');
    retry = setTimeout(connect, backoff(attempt++));
  }

  async function read(url: string, controller: AbortController) {
    const response = await fetch(url, { signal: controller.signal, cache: 'no-store' });
    if (!response.ok || !response.body) throw new Error(String(response.status));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let event = '';
    let data = '';
    // The server pings every 20 s; silence for longer means a dead connection nobody reported.
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    try {
      for (;;) {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => controller.abort(), 45_000);
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const lines = buffer.split(/\r?\n/);
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') {
            if (data) dispatch(event, data);
            event = data = '';
            continue;
          }
          const colon = line.indexOf(':');
          if (colon === 0) continue;
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
          if (field === 'id') lastId = text;
          else if (field === 'event') event = text;
          else if (field === 'data') data = data ? `${data}\n${text}` : text;
        }
      }
    } finally {
      clearTimeout(watchdog);
    }
  }

  function dispatch(event: string, text: string) {
    const body = JSON.parse(text);
    if (event === READY) {
      attempt = 0;
      $realtimeStatus.set('open');
      for (const channel of body.channels ?? []) emit(channel, READY, null);
    } else if (event === RESYNC) {
      for (const channel of body.channels) emit(channel, RESYNC, null);
    } else emit(body.channel, event, body.data);
  }

  const online = () => $realtimeStatus.get() === 'closed' && connect();
  addEventListener('online', online);

  return {
    update(next) {
      if (next.join() === channels.join() && request) return;
      channels = next;
      connect();
    },
    close() {
      closed = true;
      clearTimeout(retry);
      request?.abort();
      request = undefined;
      removeEventListener('online', online);
    },
  };
}
