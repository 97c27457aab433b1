import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#i18n/locales.ts';
import { customers, staff } from './accounts';
import { bytea, createdAt, flag, instant, localizedText, optionalRef, requiredRef, zeroOrMore } from './columns';
import { invoices } from './payments';
import { tenantId, tenantOwned, tenantPrimaryKey } from './tenants';

/** How a tenant takes bookings, in its own time zone. */
export const bookingSettings = pgTable('booking_settings', {
  tenantId: tenantPrimaryKey(),
  /** Minutes between now and the earliest bookable start. */
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
  /** How many days ahead one may book. */
  horizonDays: integer('horizon_days').notNull().default(60),
  /** Minutes between offered start times. */
  slotIntervalMinutes: integer('slot_interval_minutes').notNull().default(15),
  /** Hours before the start until which a customer may cancel or reschedule online. */
  changeNoticeHours: integer('change_notice_hours').notNull().default(24),
});

export const serviceCategories = pgTable(
  'service_categories',
  {
    ...tenantOwned(),
    slug: text('slug').notNull(),
    name: localizedText('name').notNull(),
    position: zeroOrMore('position'),
  },
  (t) => [uniqueIndex('service_categories_tenant_slug_key').on(t.tenantId, t.slug)],
);

export interface IntakeQuestion {
  id: string;
  label: Partial<LocalizedText>;
  kind: 'text' | 'yes_no';
  required: boolean;
}

export const services = pgTable(
  'services',
  {
    ...tenantOwned(),
    categoryId: optionalRef('category_id', () => serviceCategories.id),
    slug: text('slug').notNull(),
    name: localizedText('name').notNull(),
    description: localizedText('description').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Minor units of the tenant's currency. */
    price: integer('price').notNull(),
    /** Paid at booking when set; the rest at the clinic. */
    deposit: integer('deposit'),
    needsApproval: flag('needs_approval', false),
    bufferBeforeMinutes: zeroOrMore('buffer_before_minutes'),
    bufferAfterMinutes: zeroOrMore('buffer_after_minutes'),
    intakeQuestions: jsonb('intake_questions').$type<IntakeQuestion[]>().notNull().default([]),
    popular: flag('popular', false),
    active: flag('active', true),
    position: zeroOrMore('position'),
  },
  (t) => [
    uniqueIndex('services_tenant_slug_key').on(t.tenantId, t.slug),
    index('services_category_idx').on(t.tenantId, t.categoryId),
  ],
);

/** A practitioner or a room that delivers services. */
export const resources = pgTable('resources', {
  ...tenantOwned(),
  kind: text('kind', { enum: ['practitioner', 'room'] })
    .notNull()
    .default('practitioner'),
  name: text('name').notNull(),
  title: localizedText('title').notNull().default({}),
  /** Languages spoken with patients, as codes ('en', 'ms', 'zh', …). */
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  active: flag('active', true),
});

export const serviceResources = pgTable(
  'service_resources',
  {
    tenantId: tenantId(),
    serviceId: requiredRef('service_id', () => services.id),
    resourceId: requiredRef('resource_id', () => resources.id),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.resourceId] })],
);

/**
 * Weekly working hours of a resource, as minutes after local midnight in the tenant's time zone.
 * Several rows per weekday make breaks (09:00–13:00 and 14:00–18:00).
 */
export const resourceHours = pgTable(
  'resource_hours',
  {
    ...tenantOwned(),
    resourceId: requiredRef('resource_id', () => resources.id),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('resource_hours_resource_idx').on(t.tenantId, t.resourceId)],
);

/**
 * Date overrides: days without bookings — a holiday for everyone (resource null) or one resource's
 * day off or leave — and, with `start_minute`/`end_minute`, a resource's hours on that date in
 * place of its weekly hours (several rows make breaks; extra hours on a day it does not work).
 */
export const blockedDates = pgTable(
  'blocked_dates',
  {
    ...tenantOwned(),
    resourceId: optionalRef('resource_id', () => resources.id, 'cascade'),
    /** yyyy-MM-dd in the tenant's time zone. */
    date: text('date').notNull(),
    reason: localizedText('reason').notNull().default({}),
    /** Minutes after local midnight: set (both) on a row of hours for the date, null on a day off. */
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
  },
  (t) => [index('blocked_dates_tenant_idx').on(t.tenantId, t.date)],
);

export const BLOCKING_STATUSES = ['held', 'requested', 'confirmed'] as const;

/**
 * A booking. `blocks_from`/`blocks_until` include the service's buffers; the exclusion constraint
 * (migration 0005) forbids two blocking bookings of one resource overlapping — in the database,
 * whatever the application does under concurrency.
 */
export const bookings = pgTable(
  'bookings',
  {
    ...tenantOwned(),
    publicId: text('public_id').notNull().unique(),
    /**
     * The short reference people read and type ("K7M2QX9", features/booking/booking-reference.ts),
     * unique per tenant. Set on every new booking; migration 0009 gave older ones theirs.
     */
    reference: text('reference'),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    blocksFrom: instant('blocks_from').notNull(),
    blocksUntil: instant('blocks_until').notNull(),
    status: text('status', {
      enum: ['held', 'requested', 'confirmed', 'declined', 'cancelled', 'expired', 'completed', 'no_show'],
    }).notNull(),
    holdExpiresAt: instant('hold_expires_at'),
    customerId: optionalRef('customer_id', () => customers.id),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    address: jsonb('address').$type<Record<string, string> | null>(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    notes: text('notes'),
    locale: text('locale').notNull().default('en'),
    invoiceId: optionalRef('invoice_id', () => invoices.id),
    decisionReason: text('decision_reason'),
    decidedByStaffId: optionalRef('decided_by_staff_id', () => staff.id),
    decidedAt: instant('decided_at'),
    /** Set when a payment arrived after the hold expired and the slot was gone. */
    refundDue: flag('refund_due', false),
    /** When staff recorded the refund of a `refundDue` booking, and who. */
    refundedAt: instant('refunded_at'),
    refundedByStaffId: optionalRef('refunded_by_staff_id', () => staff.id),
    /** Confirmed with its payment due at the front counter (the customer chose "pay at counter"). */
    payAtCounter: flag('pay_at_counter', false),
    /**
     * When the latest "moved" notice to the customer is (or was) due: moves within the hour after it
     * fold into one later notice (at most one per booking per hour).
     */
    rescheduleNoticeAt: instant('reschedule_notice_at'),
    /**
     * When staff chose to keep this booking although its practitioner's hours changed and no longer
     * cover it (the hours screen lists such bookings until they are moved or kept).
     */
    outsideHoursKeptAt: instant('outside_hours_kept_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bookings_resource_time_idx').on(t.tenantId, t.resourceId, t.blocksFrom),
    index('bookings_status_idx').on(t.tenantId, t.status),
    index('bookings_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'held'`),
    uniqueIndex('bookings_reference_idx').on(t.tenantId, t.reference),
  ],
);

/**
 * The optional photo a customer attaches to a booking on the form step (SPEC.md §2), one per
 * booking, at most 10 MB, kept in the database so every instance serves it without shared disks.
 * Staff see it with the booking; nobody else can fetch it.
 */
export const bookingPhotos = pgTable('booking_photos', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
