import pg from 'pg';
import { backoffDelay } from './backoff';
import { decodeMessage, type RealtimeMessage } from './message';

/** The NOTIFY channel all instances LISTEN on. */
export const NOTIFY_CHANNEL = 'serambi_realtime';

export interface FanoutLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface PgFanoutOptions {
  connectionString: string;
  /** Shown in pg_stat_activity, so an operator sees which instance listens. */
  applicationName?: string;
  /** Every NOTIFY of ours, including the ones this instance sent. */
  onMessage(message: RealtimeMessage): void;
  /** LISTEN is back after a drop: NOTIFYs sent meanwhile are lost to this instance. */
  onReconnected(): void;
  log: FanoutLogger;
  backoff?: { initialMs: number; maxMs: number };
  /** How often the LISTEN connection proves it is alive (a dead TCP peer can stay silent for minutes). */
  pingEveryMs?: number;
}

export interface PgFanout {
  /** True while LISTEN is in place: this instance will hear its own NOTIFYs. */
  readonly listening: boolean;
  /** Resolves once LISTEN is in place (or the fan-out is closed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A dedicated connection doing `LISTEN serambi_realtime`, reconnecting with backoff when it drops.
 * Not a pool connection: LISTEN belongs to one session and must stay on it.
 */
export function startPgFanout(options: PgFanoutOptions): PgFanout {
  const { onMessage, ...rest } = options;
  return startPgListener({
    ...rest,
    channel: NOTIFY_CHANNEL,
    onPayload: (payload) => {
      const message = decodeMessage(payload);
      if (message) onMessage(message);
    },
  });
}

export interface PgListenerOptions extends Omit<PgFanoutOptions, 'onMessage'> {
  /** A plain identifier (it is spliced into `LISTEN`). */
  channel: string;
  /** Every NOTIFY's payload on the channel, including the ones this instance sent. */
  onPayload(payload: string): void;
}

/** A dedicated LISTEN connection on one channel (the realtime fan-out, the page cache's invalidations). */
export function startPgListener(options: PgListenerOptions): PgFanout {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`bad NOTIFY channel name: ${options.channel}`);
  const channel = options.channel;
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
  const pingEveryMs = options.pingEveryMs ?? 30_000;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let everListened = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];

  function wakeWaiters() {
    for (const wake of waiters) wake();
    waiters = [];
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = backoffDelay(attempt++, backoff.initialMs, backoff.maxMs);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref?.();
  }

  function dropped(which: pg.Client, reason: string) {
    if (client !== which) return;
    client = undefined;
    listening = false;
    clearInterval(pingTimer);
    // The message only: a pg error can carry the host, never the password, but be brief anyway.
    options.log.warn(`${channel}: LISTEN connection lost; reconnecting`, { reason });
    which.end().catch(() => {});
    scheduleReconnect();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      application_name: options.applicationName ?? 'serambi-realtime',
    });
    client = next;
    next.on('notification', (notification) => {
      if (notification.channel !== channel || !notification.payload) return;
      options.onPayload(notification.payload);
    });
    next.on('error', (error) => dropped(next, error.message));
    next.on('end', () => dropped(next, 'connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      dropped(next, error instanceof Error ? error.message : String(error));
      return;
    }
    if (closed || client !== next) {
      await next.end().catch(() => {});
      return;
    }
    listening = true;
    attempt = 0;
    pingTimer = setInterval(() => ping(next), pingEveryMs);
    pingTimer.unref?.();
    if (everListened) {
      options.log.info(`${channel}: LISTEN connection restored`);
      options.onReconnected();
    }
    everListened = true;
    wakeWaiters();
  }

  function ping(which: pg.Client) {
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('ping timed out')), Math.min(10_000, pingEveryMs)).unref?.();
    });
    Promise.race([which.query('SELECT 1'), timeout]).catch((error: Error) => dropped(which, error.message));
  }

  void connect();

  return {
    get listening() {
      return listening;
    },
    ready() {
      if (listening || closed) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      wakeWaiters();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
