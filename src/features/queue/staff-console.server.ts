import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { parseUuid } from '#lib/input.ts';
import { createDisplay, revokeDisplay } from './displays.server';
import { callNext, issueTicket, QueueError, setQueueSms, setQueueSmsAbroad, ticketAction } from './queue.server';

export type ConsoleKey =
  | 'queue.done.called'
  | 'queue.done.empty'
  | 'queue.done.issued'
  | 'queue.done.checkedIn'
  | 'queue.done.step'
  | 'queue.done.displayCreated'
  | 'queue.done.displayRevoked'
  | 'queue.done.smsOn'
  | 'queue.done.smsOff'
  | 'queue.done.smsAbroadOn'
  | 'queue.done.smsAbroadOff'
  | 'queue.error.notFound'
  | 'queue.error.step'
  | 'queue.error.empty'
  | 'error.request';

export interface ConsoleOutcome {
  ok: boolean;
  status: number;
  key: ConsoleKey;
  /** The ticket number the message names. */
  number?: string;
  /** A new walk-in ticket's public id (the page shows its link). */
  ticketPublicId?: string;
}

const STEPS = ['recall', 'serve', 'done', 'miss', 'requeue', 'transfer'] as const;
type Step = (typeof STEPS)[number];

/**
 * One staff console action from a form post: call next, a ticket's step, a walk-in ticket, an
 * appointment check-in (its booking must be one of today's, `todayBookingIds`), a display made or
 * revoked. Bad input is a 400 that writes nothing; a step out of order a 409.
 */
export async function staffQueueAction(
  db: Db,
  input: {
    tenant: Pick<Tenant, 'id' | 'timeZone' | 'name' | 'primaryHost'>;
    staffId: string;
    form: Record<string, string>;
    todayBookingIds: ReadonlySet<string>;
  },
): Promise<ConsoleOutcome> {
  const { tenant, staffId, form } = input;
  const bad: ConsoleOutcome = { ok: false, status: 400, key: 'error.request' };
  try {
    switch (form.action) {
      case 'call': {
        const pointId = parseUuid(form.pointId);
        if (!pointId) return bad;
        const ticket = await callNext(db, { tenant, pointId, staffId });
        return ticket
          ? { ok: true, status: 200, key: 'queue.done.called', number: ticket.number }
          : { ok: false, status: 200, key: 'queue.done.empty' };
      }
      case 'issue':
      case 'checkin': {
        const queueId = parseUuid(form.queueId);
        const bookingId = form.action === 'checkin' ? parseUuid(form.bookingId) : null;
        if (!queueId || (form.action === 'checkin' && (!bookingId || !input.todayBookingIds.has(bookingId))))
          return bad;
        const ticket = await issueTicket(db, {
          tenant,
          queueId,
          source: bookingId ? 'appointment' : 'walk_in',
          bookingId,
          staffId,
        });
        return {
          ok: true,
          status: 200,
          key: bookingId ? 'queue.done.checkedIn' : 'queue.done.issued',
          number: ticket.number,
          ticketPublicId: ticket.publicId,
        };
      }
      case 'sms': {
        if (form.enabled !== 'on' && form.enabled !== 'off') return bad;
        await setQueueSms(db, tenant.id, form.enabled === 'on');
        return { ok: true, status: 200, key: form.enabled === 'on' ? 'queue.done.smsOn' : 'queue.done.smsOff' };
      }
      case 'sms-abroad': {
        if (form.enabled !== 'on' && form.enabled !== 'off') return bad;
        await setQueueSmsAbroad(db, tenant.id, form.enabled === 'on');
        return {
          ok: true,
          status: 200,
          key: form.enabled === 'on' ? 'queue.done.smsAbroadOn' : 'queue.done.smsAbroadOff',
        };
      }
      case 'display-create': {
        const label = (form.label ?? '').trim();
        if (label.length < 1 || label.length > 60) return bad;
        await createDisplay(db, tenant.id, label);
        return { ok: true, status: 200, key: 'queue.done.displayCreated' };
      }
      case 'display-revoke': {
        const displayId = parseUuid(form.displayId);
        if (!displayId) return bad;
        const revoked = await revokeDisplay(db, tenant.id, displayId);
        return revoked
          ? { ok: true, status: 200, key: 'queue.done.displayRevoked' }
          : { ok: false, status: 404, key: 'queue.error.notFound' };
      }
      default: {
        const step = STEPS.find((s) => s === form.action) as Step | undefined;
        const ticketId = parseUuid(form.ticketId);
        if (!step || !ticketId) return bad;
        const queueId = step === 'transfer' ? parseUuid(form.queueId) : null;
        if (step === 'transfer' && !queueId) return bad;
        const ticket = await ticketAction(db, { tenant, ticketId, action: step, queueId, staffId });
        return { ok: true, status: 200, key: 'queue.done.step', number: ticket.number };
      }
    }
  } catch (error) {
    if (error instanceof QueueError) return { ok: false, status: error.status, key: error.key };
    throw error;
  }
}
