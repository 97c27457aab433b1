import type { Db } from '#db/client.server.ts';
import { isLocale } from '#i18n/locales.ts';
import { log } from '#lib/logger.server.ts';
import { env } from '../config.server';
import type { RateLimit } from '../rate-limit.server';
import { DESTINATION_CAPS, withinDestinationCap } from './destination-cap.server';
import { maskDestination, redactSecrets } from './mask';
import { type Channel, isPermanentFailure, type OutgoingMessage, permanentFailure, type Transport } from './message';
import {
  claimDueRows,
  markRowFailed,
  markRowSent,
  type OutboxRow,
  rescheduleRow,
  rescueAbandonedRows,
} from './outbox-repo.server';
import { afterRetryableFailure, MAX_ATTEMPTS, SEND_TIMEOUT_MS, SENDING_LEASE_MS } from './retry-policy';
import { isTemplateName, messageExpiresAt, renderMessage, TemplateError } from './templates';
import { configuredSecrets, transportFor, transportNames } from './transports.server';

export interface DeliveryOptions {
  now?: Date;
  /** Overrides per channel (tests); the environment's transports otherwise. */
  transports?: Partial<Record<Channel, Transport>>;
  /** Rows claimed and sent together per round. */
  batchSize?: number;
  /** Rounds per call, so one call stays bounded however long the queue. */
  maxBatches?: number;
  /** Messages per destination per window (DESTINATION_CAPS unless a test says). */
  destinationCaps?: Record<Channel, RateLimit>;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  retried: number;
}

type Outcome = keyof DeliveryReport;

/**
 * Sends what is due: rescues rows of crashed workers, then claims and sends batches until none
 * is due. Safe to run in many processes at once; each message goes to one of them.
 */
export async function deliverDueMessages(db: Db, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const {
    now = new Date(),
    transports = {},
    batchSize = 10,
    maxBatches = 20,
    destinationCaps = DESTINATION_CAPS,
  } = options;
  const report: DeliveryReport = { sent: 0, failed: 0, retried: 0 };

  const rescued = await rescueAbandonedRows(db, { now, maxAttempts: MAX_ATTEMPTS });
  report.failed += rescued.failed;
  if (rescued.requeued + rescued.failed > 0) log.warn('outbox: rescued messages of a stopped worker', rescued);

  for (let round = 0; round < maxBatches; round++) {
    const claimed = await claimDueRows(db, {
      now,
      limit: batchSize,
      leaseUntil: new Date(now.getTime() + SENDING_LEASE_MS),
    });
    // In parallel: the whole batch then takes about one send's time, far inside the lease.
    const outcomes = await Promise.all(claimed.map((row) => deliverOne(db, row, now, transports, destinationCaps)));
    for (const outcome of outcomes) report[outcome]++;
    if (claimed.length < batchSize) break;
  }
  return report;
}

async function deliverOne(
  db: Db,
  row: OutboxRow,
  now: Date,
  overrides: Partial<Record<Channel, Transport>>,
  destinationCaps: Record<Channel, RateLimit>,
): Promise<Outcome> {
  const context = {
    id: row.id,
    template: row.template,
    channel: row.channel,
    to: maskDestination(row.channel, row.destination),
    attempt: row.attempts,
  };
  let transportName: string;
  try {
    const message = outgoingMessage(row);
    const expiresAt = messageExpiresAt(message.template, row.payload, row.createdAt);
    if (expiresAt && expiresAt <= now) {
      await markRowFailed(db, row, 'expired before it could be delivered');
      log.warn('outbox: message expired undelivered', context);
      return 'failed';
    }
    // Counted once per message (its first attempt), in the database so every instance shares it.
    if (row.attempts === 1 && !(await withinDestinationCap(db, row, now, destinationCaps))) {
      throw permanentFailure('not sent: too many messages to this destination this hour');
    }
    const transport = overrides[row.channel] ?? transportFor(row.channel);
    transportName = transport.name;
    await withTimeout(transport.send(message), SEND_TIMEOUT_MS);
  } catch (error) {
    const reason = errorText(error);
    const permanent = error instanceof TemplateError || isPermanentFailure(error);
    const next = permanent ? ({ kind: 'fail' } as const) : afterRetryableFailure(row.attempts, now);
    if (next.kind === 'fail') {
      await markRowFailed(db, row, reason);
      log.error('outbox: message failed', { ...context, error: reason, permanent });
      return 'failed';
    }
    await rescheduleRow(db, row, { at: next.at, error: reason });
    log.warn('outbox: message will be retried', { ...context, error: reason, retryAt: next.at.toISOString() });
    return 'retried';
  }
  // Outside the try: a database error after a successful send must not be taken for a failed send.
  await markRowSent(db, row, now);
  log.info('outbox: message sent', { ...context, transport: transportName });
  return 'sent';
}

function outgoingMessage(row: OutboxRow): OutgoingMessage {
  if (!isTemplateName(row.template)) throw new TemplateError(`unknown template "${row.template}"`);
  const locale = isLocale(row.locale) ? row.locale : 'en';
  return {
    id: row.id,
    tenantId: row.tenantId,
    channel: row.channel,
    destination: row.destination,
    template: row.template,
    locale,
    ...renderMessage(row.template, locale, row.payload),
  };
}

/** The error text to log and store: secrets blanked, kept short. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  let secrets: string[] = [];
  try {
    secrets = configuredSecrets();
  } catch {
    // An unreadable env has no secrets to hide from us here; boot reports it.
  }
  return redactSecrets(text, secrets).slice(0, 500);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`send timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---- the in-process loop ----

export interface OutboxWorker {
  /** Runs a delivery soon (debounced); used after enqueueing so codes arrive within a second. */
  kick(): void;
  /** Stops scheduling and waits for a running delivery to finish. */
  stop(): Promise<void>;
}

/** How long a kick waits for more kicks, so a burst of enqueues makes one delivery run. */
export const KICK_DEBOUNCE_MS = 20;

let activeWorker: OutboxWorker | undefined;

/**
 * Delivers every `intervalMs` in this process: a setTimeout chain, so runs never overlap; errors
 * are logged, never thrown; timers are unref'd so they never keep the process alive. One worker
 * per process: a second call returns the running one.
 */
export function startOutboxWorker(
  getDb: () => Promise<Db>,
  { intervalMs = 2000, ...deliveryOptions }: { intervalMs?: number } & Omit<DeliveryOptions, 'now'> = {},
): OutboxWorker {
  if (activeWorker) return activeWorker;

  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = Number.POSITIVE_INFINITY;
  let kickedWhileRunning = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    const dueAt = Date.now() + delayMs;
    if (timer && timerDueAt <= dueAt) return; // already due sooner
    clearTimeout(timer);
    timerDueAt = dueAt;
    timer = setTimeout(run, delayMs);
    timer.unref();
  };

  const run = () => {
    timer = undefined;
    timerDueAt = Number.POSITIVE_INFINITY;
    kickedWhileRunning = false;
    running = (async () => {
      try {
        await deliverDueMessages(await getDb(), deliveryOptions);
      } catch (error) {
        log.error('outbox: delivery run failed', { error: errorText(error) });
      }
    })();
    void running.then(() => {
      running = undefined;
      schedule(kickedWhileRunning ? 0 : intervalMs);
    });
  };

  const worker: OutboxWorker = {
    kick() {
      // A run in progress may have claimed before the new row committed: run again after it.
      if (running) kickedWhileRunning = true;
      else schedule(KICK_DEBOUNCE_MS);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      if (activeWorker === worker) activeWorker = undefined;
    },
  };
  activeWorker = worker;
  announce();
  schedule(0);
  return worker;
}

/** Asks this process's worker for a delivery soon; nothing happens when no worker runs here. */
export function kickOutbox(): void {
  activeWorker?.kick();
}

function announce() {
  try {
    const names = transportNames();
    log.info('outbox worker started', names);
    if (env().NODE_ENV === 'production' && Object.values(names).includes('log')) {
      log.warn('outbox: some messages go to the server log, not to customers; set SMTP_URL / TWILIO_* to send them');
    }
  } catch (error) {
    log.error('outbox: transports are misconfigured', { error: errorText(error) });
  }
}
