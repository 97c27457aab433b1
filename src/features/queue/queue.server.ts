// The queue's use cases (issue 16): issue, call and act on tickets, transfers, the daily reset and
// the queue channel. What people see is read in queue-views.server.ts; TV codes: displays.server.ts.
import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { newPublicId } from '#features/invoices/index.server.ts';
import type { Locale } from '#i18n/locales.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { publish } from '#server/realtime/index.ts';
import { type BoardCall, CALLED_EVENT, CHANGED_EVENT, queueChannel } from './board-state';
import * as repo from './queue-repo.server';
import { nextStatus, type TicketAction, type TicketStatus, ticketNumber } from './queue-rules';
import { enqueueQueueSms, type SmsTenant } from './queue-sms.server';

/** The tenant's name and host are needed only for SMS links; the rest works without them. */
export type QueueTenant = SmsTenant;

/** The tenant's queue channel key, made on first use. */
export async function queueChannelKey(db: Db, tenantId: string): Promise<string> {
  const found = await repo.findSettings(db, tenantId);
  if (found) return found.channelKey;
  await repo.insertSettings(db, tenantId, randomBytes(16).toString('base64url'));
  const made = await repo.findSettings(db, tenantId);
  if (!made) throw new Error('queue settings not created');
  return made.channelKey;
}

/** Whether kiosk visitors with a phone get an SMS when near and when called. */
export async function queueSmsEnabled(db: Db, tenantId: string): Promise<boolean> {
  await queueChannelKey(db, tenantId);
  return (await repo.findSettings(db, tenantId))?.smsEnabled ?? false;
}

export async function setQueueSms(db: Db, tenantId: string, enabled: boolean): Promise<void> {
  await queueChannelKey(db, tenantId);
  await repo.updateSmsSettings(db, tenantId, enabled);
}

/** Kiosk SMS to numbers outside the tenant's country (off by default: such numbers are refused). */
export async function setQueueSmsAbroad(db: Db, tenantId: string, allowed: boolean): Promise<void> {
  await queueChannelKey(db, tenantId);
  await repo.updateSmsAbroad(db, tenantId, allowed);
}

/** Whether kiosk SMS may go to numbers outside the tenant's country. */
export async function queueSmsAbroad(db: Db, tenantId: string): Promise<boolean> {
  return (await repo.findSettings(db, tenantId))?.smsAbroad ?? false;
}

/** Tells the boards and ticket pages to refetch (a queue or point was set up or changed). */
export function announceQueueChange(db: Db, tenantId: string, data: unknown = {}) {
  return announce(db, tenantId, CHANGED_EVENT, data);
}

async function announce(db: Db, tenantId: string, event: string, data: unknown) {
  try {
    await publish(tenantId, queueChannel(await queueChannelKey(db, tenantId)), event, data);
  } catch (error) {
    log.warn('queue: realtime publish failed', errorFields(error));
  }
}

export class QueueError extends Error {
  constructor(
    /** A queue.error.* message key. */
    readonly key: 'queue.error.notFound' | 'queue.error.step' | 'queue.error.empty',
    readonly status = 409,
  ) {
    super(key);
  }
}

export interface IssueInput {
  tenant: QueueTenant;
  queueId: string;
  source: 'walk_in' | 'appointment' | 'kiosk';
  bookingId?: string | null;
  phone?: string | null;
  /** The language the visitor took it in (its SMS). */
  locale?: Locale;
  staffId?: string | null;
  now?: Date;
}

/** A new ticket: the next number of its queue's day (daily numbering in the tenant's zone). */
export async function issueTicket(db: Db, input: IssueInput): Promise<repo.TicketRow> {
  const now = input.now ?? new Date();
  const serviceDate = zonedDate(now, input.tenant.timeZone);
  const ticket = await transaction(
    db,
    async (tx) => {
      const queue = await repo.findQueue(tx, input.tenant.id, input.queueId);
      if (!queue?.active) throw new QueueError('queue.error.notFound', 404);
      if (input.bookingId) {
        const existing = await repo.findTicketByBooking(tx, input.tenant.id, input.bookingId);
        if (existing) return Object.assign(existing, { sms: 0 });
      }
      const seq = await repo.takeSeq(tx, queue.id, serviceDate);
      const row = await repo.insertTicket(tx, {
        tenantId: input.tenant.id,
        publicId: newPublicId(),
        queueId: queue.id,
        originQueueId: queue.id,
        serviceDate,
        seq,
        number: ticketNumber(queue.prefix, seq),
        source: input.source,
        bookingId: input.bookingId ?? null,
        phone: input.phone ?? null,
        locale: input.locale ?? 'en',
        queuedAt: now,
        createdAt: now,
      });
      await repo.insertEvent(tx, {
        tenantId: input.tenant.id,
        ticketId: row.id,
        kind: 'issued',
        status: 'waiting',
        queueId: queue.id,
        staffId: input.staffId ?? null,
        at: now,
      });
      const sms = row.phone ? await enqueueQueueSms(tx, input.tenant, { queueId: queue.id, serviceDate, now }) : 0;
      return Object.assign(row, { sms });
    },
    { name: 'queue.issue' },
  );
  if (ticket.sms) kickOutbox();
  await announce(db, input.tenant.id, CHANGED_EVENT, { queueId: ticket.queueId });
  return ticket;
}

export interface CallInput {
  tenant: QueueTenant;
  pointId: string;
  staffId?: string | null;
  now?: Date;
}

function callOf(ticket: repo.TicketRow, point: repo.PointRow): BoardCall {
  return {
    callId: `${ticket.id}.${ticket.recalls}`,
    number: ticket.number,
    pointId: point.id,
    kind: point.kind,
    pointNumber: point.number,
    at: (ticket.calledAt ?? new Date()).toISOString(),
  };
}

/**
 * Calls the next ticket of the point's queue to the point. Two counters calling at once never get
 * the same ticket: the waiting row is taken FOR UPDATE SKIP LOCKED. Null when nobody waits.
 */
export async function callNext(db: Db, input: CallInput): Promise<repo.TicketRow | null> {
  const now = input.now ?? new Date();
  const serviceDate = zonedDate(now, input.tenant.timeZone);
  const result = await transaction(
    db,
    async (tx) => {
      const point = await repo.findPoint(tx, input.tenant.id, input.pointId);
      if (!point?.active) throw new QueueError('queue.error.notFound', 404);
      const waiting = await repo.lockNextWaiting(tx, input.tenant.id, point.queueId, serviceDate);
      if (!waiting) return null;
      const ticket = await repo.updateTicket(tx, input.tenant.id, waiting.id, {
        status: 'called',
        pointId: point.id,
        calledAt: now,
      });
      await repo.insertEvent(tx, {
        tenantId: input.tenant.id,
        ticketId: ticket.id,
        kind: 'called',
        status: 'called',
        queueId: ticket.queueId,
        pointId: point.id,
        staffId: input.staffId ?? null,
        at: now,
      });
      const sms = await enqueueQueueSms(tx, input.tenant, { queueId: point.queueId, serviceDate, called: ticket, now });
      return { ticket, point, sms };
    },
    { name: 'queue.call-next' },
  );
  if (!result) return null;
  if (result.sms) kickOutbox();
  await announce(db, input.tenant.id, CALLED_EVENT, callOf(result.ticket, result.point));
  return result.ticket;
}

export interface ActionInput {
  tenant: QueueTenant;
  ticketId: string;
  action: Exclude<TicketAction, 'call'>;
  /** For a transfer: the queue it goes to. */
  queueId?: string | null;
  staffId?: string | null;
  now?: Date;
}

const EVENT_KIND: Record<ActionInput['action'], string> = {
  recall: 'recalled',
  serve: 'serving',
  done: 'done',
  miss: 'missed',
  requeue: 'requeued',
  transfer: 'transferred',
};

/** Recall, start serving, done, missed, back in line, transfer (keeps the number). */
export async function ticketAction(db: Db, input: ActionInput): Promise<repo.TicketRow> {
  const now = input.now ?? new Date();
  const result = await transaction(
    db,
    async (tx) => {
      const ticket = await repo.lockTicket(tx, input.tenant.id, input.ticketId);
      if (!ticket) throw new QueueError('queue.error.notFound', 404);
      const status = nextStatus(ticket.status as TicketStatus, input.action);
      if (!status) throw new QueueError('queue.error.step');
      let set: Parameters<typeof repo.updateTicket>[3] = { status };
      if (input.action === 'recall') set = { recalls: ticket.recalls + 1, calledAt: now };
      if (input.action === 'serve') set.servingAt = now;
      if (input.action === 'done' || input.action === 'miss') set.finishedAt = now;
      if (input.action === 'requeue') set = { ...set, queuedAt: now, pointId: null, calledAt: null };
      if (input.action === 'transfer') {
        const target = input.queueId ? await repo.findQueue(tx, input.tenant.id, input.queueId) : null;
        if (!target?.active) throw new QueueError('queue.error.notFound', 404);
        if (target.id === ticket.queueId && ticket.status === 'waiting') throw new QueueError('queue.error.step');
        set = {
          status: 'waiting',
          queueId: target.id,
          queuedAt: now,
          pointId: null,
          calledAt: null,
          servingAt: null,
          finishedAt: null,
        };
      }
      const updated = await repo.updateTicket(tx, input.tenant.id, ticket.id, set);
      await repo.insertEvent(tx, {
        tenantId: input.tenant.id,
        ticketId: ticket.id,
        kind: EVENT_KIND[input.action],
        status: updated.status as TicketStatus,
        queueId: updated.queueId,
        fromQueueId: input.action === 'transfer' ? ticket.queueId : null,
        pointId: updated.pointId,
        staffId: input.staffId ?? null,
        at: now,
      });
      const point =
        input.action === 'recall' && updated.pointId
          ? await repo.findPoint(tx, input.tenant.id, updated.pointId)
          : null;
      return { ticket: updated, point };
    },
    { name: `queue.${input.action}` },
  );
  if (result.point) await announce(db, input.tenant.id, CALLED_EVENT, callOf(result.ticket, result.point));
  else await announce(db, input.tenant.id, CHANGED_EVENT, { queueId: result.ticket.queueId });
  return result.ticket;
}

/** A ticket's history (issued, called, transferred, …), oldest first. */
export function ticketHistory(db: Db, tenantId: string, ticketId: string) {
  return repo.ticketHistory(db, tenantId, ticketId);
}

/**
 * The daily reset (job): tickets of earlier days still open are closed (waiting/called → missed,
 * serving → done). Numbering needs no reset: it is per queue and local day.
 */
export async function closeEarlierDays(db: Db, tenant: QueueTenant, now: Date): Promise<number> {
  const today = zonedDate(now, tenant.timeZone);
  return transaction(
    db,
    async (tx) => {
      const open = await repo.lockOpenBefore(tx, tenant.id, today, ['waiting', 'called', 'serving']);
      for (const ticket of open) {
        const status = ticket.status === 'serving' ? 'done' : 'missed';
        await repo.updateTicket(tx, tenant.id, ticket.id, { status, finishedAt: now });
        await repo.insertEvent(tx, {
          tenantId: tenant.id,
          ticketId: ticket.id,
          kind: 'closed',
          status,
          queueId: ticket.queueId,
          pointId: ticket.pointId,
          at: now,
        });
      }
      return open.length;
    },
    { name: 'queue.daily-reset' },
  );
}
