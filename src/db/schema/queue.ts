import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#i18n/locales.ts';
import { staff } from './accounts';
import { bookings } from './bookings';
import { createdAt, flag, instant, optionalRef, requiredRef, zeroOrMore } from './columns';
import { tenantOwned, tenantPrimaryKey } from './tenants';

// Queue TV board (issue 16; docs/decisions/0026-queue-board.md).

/** What a service point is, for its name and the spoken call ("please go to room 2"). */
export const SERVICE_POINT_KINDS = ['counter', 'room', 'pharmacy', 'cashier'] as const;
/**
 * A ticket's status. `transferred` is never a ticket's resting status: a transfer moves the ticket
 * to another queue as `waiting` and leaves a `transferred` step in its history.
 */
export const TICKET_STATUSES = ['waiting', 'called', 'serving', 'done', 'missed', 'transferred'] as const;
export const TICKET_SOURCES = ['walk_in', 'appointment', 'kiosk'] as const;

/** Per-tenant queue settings: the board's realtime channel key and the SMS option. */
export const queueSettings = pgTable('queue_settings', {
  tenantId: tenantPrimaryKey(),
  /** Unguessable: the realtime channel is `queue:<channelKey>` (numbers only travel on it). */
  channelKey: text('channel_key').notNull(),
  /** Send an SMS (through the outbox) when a kiosk ticket with a phone is near and when called. */
  smsEnabled: flag('sms_enabled', false),
  /** "Near" means this many tickets or fewer ahead. */
  smsNearAhead: integer('sms_near_ahead').notNull().default(3),
  /** Kiosk SMS also to numbers outside the tenant's country (off: only the tenant's own country code). */
  smsAbroad: flag('sms_abroad', false),
});

/** A queue people wait in, numbered per day with its prefix (A001, P014). */
export const queues = pgTable(
  'queues',
  {
    ...tenantOwned(),
    /** One or two capital letters, unique per tenant. */
    prefix: text('prefix').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    position: zeroOrMore('position'),
    /** Offered on the kiosk. */
    kiosk: flag('kiosk', true),
    /** Off: gone from the console, the board and the kiosk (set up at /staff/queue/setup); never deleted. */
    active: flag('active', true),
  },
  (t) => [uniqueIndex('queues_tenant_prefix').on(t.tenantId, t.prefix)],
);

/** A counter or room that calls tickets from one queue. */
export const servicePoints = pgTable(
  'service_points',
  {
    ...tenantOwned(),
    queueId: requiredRef('queue_id', () => queues.id),
    kind: text('kind', { enum: SERVICE_POINT_KINDS }).notNull(),
    /** Its number ("room 2"); null when there is only one (the pharmacy). */
    number: integer('number'),
    position: zeroOrMore('position'),
    /** Off: gone from the console and the board; never deleted (tickets keep their point). */
    active: flag('active', true),
  },
  (t) => [index('service_points_tenant').on(t.tenantId, t.position)],
);

/** The last number given per queue and day: the row lock makes numbering race-free. */
export const queueCounters = pgTable(
  'queue_counters',
  {
    queueId: requiredRef('queue_id', () => queues.id),
    serviceDate: date('service_date').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.serviceDate] })],
);

export const queueTickets = pgTable(
  'queue_tickets',
  {
    ...tenantOwned(),
    /** Unguessable: the visitor's ticket page `/queue/ticket/<publicId>`. */
    publicId: text('public_id').notNull().unique(),
    /** The queue it waits in now (a transfer changes it). */
    queueId: uuid('queue_id')
      .notNull()
      .references(() => queues.id),
    /** The queue that numbered it (a transfer keeps the number). */
    originQueueId: uuid('origin_queue_id')
      .notNull()
      .references(() => queues.id),
    /** The tenant's local day it was issued. */
    serviceDate: date('service_date').notNull(),
    seq: integer('seq').notNull(),
    /** Prefix + seq, e.g. A012: what the board shows and the call speaks. */
    number: text('number').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('waiting'),
    source: text('source', { enum: TICKET_SOURCES }).notNull(),
    /** Where it was called to (null while waiting). */
    pointId: optionalRef('point_id', () => servicePoints.id),
    bookingId: optionalRef('booking_id', () => bookings.id),
    /** E.164, kiosk only, for the SMS; never shown on a board. */
    phone: text('phone'),
    /** The language the ticket was taken in (its SMS). */
    locale: text('locale').notNull().default('en'),
    /** When it joined its current queue: the waiting order. */
    queuedAt: instant('queued_at').notNull().defaultNow(),
    createdAt: createdAt(),
    calledAt: instant('called_at'),
    servingAt: instant('serving_at'),
    finishedAt: instant('finished_at'),
    recalls: zeroOrMore('recalls'),
    smsNearSentAt: instant('sms_near_sent_at'),
    smsCalledSentAt: instant('sms_called_sent_at'),
  },
  (t) => [
    uniqueIndex('queue_tickets_number').on(t.originQueueId, t.serviceDate, t.seq),
    uniqueIndex('queue_tickets_booking').on(t.bookingId).where(sql`booking_id is not null`),
    index('queue_tickets_waiting').on(t.tenantId, t.queueId, t.status, t.queuedAt),
    index('queue_tickets_day').on(t.tenantId, t.serviceDate),
    // The board's reads by status and calling order (issue 25): next waiting, current per point, place in line.
    index('queue_tickets_day_status').on(t.tenantId, t.serviceDate, t.status, t.queueId, t.queuedAt, t.seq),
  ],
);

/** Every change of a ticket (its history): waits and service times are reported from it. */
export const queueTicketEvents = pgTable(
  'queue_ticket_events',
  {
    ...tenantOwned(),
    ticketId: requiredRef('ticket_id', () => queueTickets.id),
    /** issued, called, recalled, serving, done, missed, requeued, transferred (status waiting), closed */
    kind: text('kind').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull(),
    /** The queue it is in after this step. */
    queueId: uuid('queue_id').notNull(),
    /** A transfer's queue of departure. */
    fromQueueId: uuid('from_queue_id'),
    pointId: uuid('point_id'),
    staffId: optionalRef('staff_id', () => staff.id),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('queue_ticket_events_ticket').on(t.ticketId, t.at)],
);

/** A TV (or kiosk) allowed to open the board: `/qtv?display=<code>`. Staff create and revoke them. */
export const queueDisplays = pgTable(
  'queue_displays',
  {
    ...tenantOwned(),
    code: text('code').notNull().unique(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('queue_displays_tenant').on(t.tenantId)],
);
