import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import { hitRateLimits, type KeyedRateLimit, releaseRateLimitHits } from '#server/rate-limit.server.ts';
import {
  countActiveOwners,
  deleteSessionsOf,
  findStaff,
  findStaffByEmail,
  findStaffByInvite,
  insertStaff,
  listStaff,
  type StaffRow,
  updateStaff,
} from './auth-repo.server';
import { hashPassword, verifyPassword } from './passwords.server';
import type { StaffRole } from './roles';
import { newToken, sha256 } from './tokens.server';

/** Wrong passwords for one account from one address, per window. */
export const STAFF_LOGINS_PER_WINDOW = 10;
/**
 * Wrong passwords for one account from all addresses together, per window: guesses spread over
 * many addresses are checked at most this often. Twice the per-address limit, so one address alone
 * can never lock a member out, and only wrong passwords count, so the lock ends with the window
 * once the guessing stops.
 */
export const STAFF_LOGINS_PER_ACCOUNT = 2 * STAFF_LOGINS_PER_WINDOW;
/** Wrong logins from one address, whatever the e-mail (made-up ones included), per window. */
export const STAFF_LOGINS_PER_IP = 30;
export const STAFF_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVITE_TTL_HOURS = 72;

export type StaffLoginResult =
  | { ok: true; staff: StaffRow }
  | { ok: false; reason: 'invalid' | 'disabled' | 'rate_limited'; retryAfterSeconds?: number };

/** The limits one login attempt counts against: account and address, account, address. */
function staffLoginLimits(tenantId: string, email: string, ip: string): KeyedRateLimit[] {
  const account = sha256(email.trim().toLowerCase());
  const window = (limit: number) => ({ limit, windowMs: STAFF_LOGIN_WINDOW_MS });
  return [
    [`staff-login:${tenantId}:${account}:${ip}`, window(STAFF_LOGINS_PER_WINDOW)],
    [`staff-login:account:${tenantId}:${account}`, window(STAFF_LOGINS_PER_ACCOUNT)],
    [`staff-login:ip:${tenantId}:${ip}`, window(STAFF_LOGINS_PER_IP)],
  ];
}

/**
 * Email + password; one answer for a wrong email or password. Every attempt is counted per
 * account and address, per account and per address BEFORE any password is hashed, so neither
 * guesses from many addresses nor made-up e-mails from one buy hashing work beyond the limits;
 * a right password gives its hits back, so only wrong ones count.
 */
export async function staffLogin(
  db: Db,
  input: { tenant: Tenant; email: string; password: string; ip: string; now?: Date },
): Promise<StaffLoginResult> {
  const limits = staffLoginLimits(input.tenant.id, input.email, input.ip);
  const limit = await hitRateLimits(db, limits, input.now);
  if (!limit.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds };
  const member = await findStaffByEmail(db, input.tenant.id, input.email);
  // An unknown account (or one without a password yet) is checked against a dummy hash: same cost.
  const valid = await verifyPassword(input.password, member?.passwordHash ?? null);
  if (!member || !valid) return { ok: false, reason: 'invalid' };
  // Only wrong passwords count: a member logging in on several devices is never locked out.
  await releaseRateLimitHits(db, limits, input.now);
  if (member.disabledAt) return { ok: false, reason: 'disabled' };
  return { ok: true, staff: member };
}

export function teamOf(db: Db, tenantId: string): Promise<StaffRow[]> {
  return listStaff(db, tenantId);
}

export type InviteResult = { ok: true; staff: StaffRow; link: string } | { ok: false; reason: 'exists' };

/**
 * An owner invites a member: the account exists at once without a password, and an email with a
 * one-time link (72 hours) lets them choose one. The email is queued in the same transaction.
 */
export async function inviteStaff(
  db: Db,
  input: {
    tenant: Tenant;
    name: string;
    email: string;
    role: StaffRole;
    locale: Locale;
    origin: string;
    now?: Date;
  },
): Promise<InviteResult> {
  const now = input.now ?? new Date();
  const token = newToken();
  const link = `${input.origin}/staff/invite/${token}`;
  return db.transaction(async (tx) => {
    const created = await insertStaff(tx, {
      tenantId: input.tenant.id,
      name: input.name,
      email: input.email,
      role: input.role,
      inviteTokenHash: sha256(token),
      inviteExpiresAt: new Date(now.getTime() + INVITE_TTL_HOURS * 3600_000),
    });
    if (!created) return { ok: false, reason: 'exists' } as const;
    await enqueueMessage(tx, {
      tenantId: input.tenant.id,
      channel: 'email',
      destination: input.email,
      locale: input.locale,
      template: 'staff-invite',
      payload: { organisation: input.tenant.name, name: input.name, link, hours: INVITE_TTL_HOURS },
    });
    return { ok: true, staff: created, link } as const;
  });
}

export function invitationFor(db: Db, tenantId: string, token: string, now = new Date()) {
  return findStaffByInvite(db, tenantId, sha256(token), now);
}

/** Sets the password of an invited member and closes the invitation. */
export async function acceptInvite(
  db: Db,
  input: { tenantId: string; token: string; password: string; now?: Date },
): Promise<StaffRow | null> {
  const member = await findStaffByInvite(db, input.tenantId, sha256(input.token), input.now ?? new Date());
  if (!member) return null;
  return updateStaff(db, input.tenantId, member.id, {
    passwordHash: await hashPassword(input.password),
    inviteTokenHash: null,
    inviteExpiresAt: null,
  });
}

export type DisableResult = { ok: true } | { ok: false; reason: 'not_found' | 'self' | 'last_owner' };

/** Disables (or re-enables) a member; their sessions end at once. The last owner stays. */
export async function setStaffDisabled(
  db: Db,
  input: { tenantId: string; actorId: string; staffId: string; disabled: boolean; now?: Date },
): Promise<DisableResult> {
  const member = await findStaff(db, input.tenantId, input.staffId);
  if (!member) return { ok: false, reason: 'not_found' };
  if (member.id === input.actorId) return { ok: false, reason: 'self' };
  if (input.disabled && member.role === 'owner' && (await countActiveOwners(db, input.tenantId)) <= 1) {
    return { ok: false, reason: 'last_owner' };
  }
  await updateStaff(db, input.tenantId, member.id, { disabledAt: input.disabled ? (input.now ?? new Date()) : null });
  if (input.disabled) await deleteSessionsOf(db, input.tenantId, 'staff', member.id);
  return { ok: true };
}
