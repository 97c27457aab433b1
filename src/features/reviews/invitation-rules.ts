// Pure: when a review invitation may go out (issue 15). Once per booking (the database's unique
// booking id makes it so), never two to one person within 14 days, never to someone who
// unsubscribed. Nothing here looks at a rating or offers anything in return (no incentives).

/** The least time between two invitations to one person. */
export const INVITATION_GAP_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const SMS = /^\+?[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Who an invitation is for, the same whichever booking it comes from: the phone's digits, else the
 * e-mail in lower case; null when the booking has neither (nobody to invite).
 */
export function recipientKey(contact: { phone: string | null; email: string | null }): string | null {
  const phone = contact.phone?.replace(/[\s-]/g, '') ?? '';
  if (SMS.test(phone)) return `p:${phone.replace(/^\+/, '')}`;
  const email = contact.email?.trim().toLowerCase() ?? '';
  if (EMAIL.test(email)) return `e:${email}`;
  return null;
}

export type SkipReason = 'no_contact' | 'unsubscribed' | 'recent';
export type InvitationDecision = { send: true } | { send: false; reason: SkipReason };

/** Whether a due invitation is sent now or skipped (and why). */
export function invitationDecision(input: {
  recipientKey: string | null;
  unsubscribed: boolean;
  /** The last invitation sent to the same person by this tenant, if any. */
  lastSentAt: Date | null;
  now: Date;
}): InvitationDecision {
  if (!input.recipientKey) return { send: false, reason: 'no_contact' };
  if (input.unsubscribed) return { send: false, reason: 'unsubscribed' };
  if (input.lastSentAt && input.now.getTime() - input.lastSentAt.getTime() < INVITATION_GAP_DAYS * DAY_MS) {
    return { send: false, reason: 'recent' };
  }
  return { send: true };
}

/** When an invitation for an appointment completed at `completedAt` is due. */
export function invitationDueAt(completedAt: Date, delayMinutes: number): Date {
  const minutes = Math.max(0, Math.min(delayMinutes, 14 * 24 * 60));
  return new Date(completedAt.getTime() + minutes * 60_000);
}

/** Whether the author may still edit a review made at `createdAt`. */
export function editable(createdAt: Date, editWindowDays: number, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= editWindowDays * DAY_MS;
}
