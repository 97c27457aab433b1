import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt, zeroOrMore } from './columns';
import { tenantId, tenantOwned } from './tenants';

/** A visitor who logged in by one-time code. Per tenant: one phone at two organisations is two customers. */
export const customers = pgTable(
  'customers',
  {
    ...tenantOwned(),
    name: text('name').notNull().default(''),
    /** Digits with the dial code, e.g. 60123456789; null when the customer signed up by email. */
    phone: text('phone'),
    /** Lower-cased; null when the customer signed up by phone. */
    email: text('email'),
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_tenant_phone_key').on(t.tenantId, t.phone).where(sql`${t.phone} IS NOT NULL`),
    uniqueIndex('customers_tenant_email_key').on(t.tenantId, t.email).where(sql`${t.email} IS NOT NULL`),
  ],
);

/** Staff of a tenant: owners manage the team; managers the catalogue, hours and campaigns; staff run the day. */
export const staff = pgTable(
  'staff',
  {
    ...tenantOwned(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'staff'] })
      .notNull()
      .default('staff'),
    /** scrypt hash; null until an invited member sets a password. */
    passwordHash: text('password_hash'),
    /** sha256 of the invitation token, while the invitation is open. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: instant('invite_expires_at'),
    disabledAt: instant('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_tenant_email_key').on(t.tenantId, t.email)],
);

/** Logged-in sessions; the cookie holds a random token, the table only its sha256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantId(),
    kind: text('kind', { enum: ['customer', 'staff'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('sessions_subject_idx').on(t.kind, t.subjectId)],
);

/** One-time login codes; only a hash is kept. */
export const loginCodes = pgTable(
  'login_codes',
  {
    ...tenantOwned(),
    channel: text('channel', { enum: ['phone', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: zeroOrMore('attempts'),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_codes_destination_idx').on(t.tenantId, t.channel, t.destination, t.createdAt)],
);

/** Fixed-window counters shared by every instance (rate limits on codes, payments, reviews). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: zeroOrMore('count'),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Messages to customers and staff, written in the same transaction as the change that causes
 * them and delivered by the outbox worker with retries.
 */
export const outbox = pgTable(
  'outbox',
  {
    ...tenantOwned(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    locale: text('locale').notNull().default('en'),
    template: text('template').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: zeroOrMore('attempts'),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    /**
     * Messages that replace each other while unsent (a booking's "moved" notice): a new message with
     * the same key (and channel) rewrites a pending row that no worker has tried yet instead of adding one.
     */
    coalesceKey: text('coalesce_key'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_coalesce_idx').on(t.coalesceKey).where(sql`${t.coalesceKey} IS NOT NULL AND ${t.status} = 'pending'`),
  ],
);
