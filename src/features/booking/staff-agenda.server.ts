import type { Db } from '../../db/client.server';
import { kickOutbox } from '../../server/outbox';
import type { Tenant } from '../tenants';
import { markAttendance } from './booking-lifecycle.server';
import { bookingsWithPhotos } from './booking-photo.server';
import { listBookingsBetween, listRequests } from './booking-repo.server';
import { decideAndNotify } from './decision-messages.server';
import { AGENDA_STATUSES, type AgendaDay, agendaWindow, groupByDay } from './staff-agenda';

export type AgendaRow = Awaited<ReturnType<typeof listRequests>>[number];

/**
 * What the staff appointments screen shows: every request waiting for a decision (soonest
 * first), then today's and the coming days' appointments grouped by day in the tenant's zone.
 */
export async function staffAgenda(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'timeZone'>,
  now = new Date(),
): Promise<{ today: string; requests: AgendaRow[]; days: AgendaDay<AgendaRow>[]; withPhoto: Set<string> }> {
  const { today, from, until } = agendaWindow(now, tenant.timeZone);
  const [requests, booked] = await Promise.all([
    listRequests(db, tenant.id),
    listBookingsBetween(db, tenant.id, from, until, AGENDA_STATUSES),
  ]);
  const withPhoto = await bookingsWithPhotos(
    db,
    tenant.id,
    [...requests, ...booked].map((row) => row.booking.id),
  );
  return { today, requests, days: groupByDay(booked, tenant.timeZone, today), withPhoto };
}

export interface ActionOutcome {
  ok: boolean;
  /** What to tell the staff member (a staffAppointments.* message key). */
  key:
    | 'staffAppointments.approved'
    | 'staffAppointments.declined'
    | 'staffAppointments.markedCompleted'
    | 'staffAppointments.markedNoShow'
    | 'staffAppointments.slotTaken'
    | 'staffAppointments.notPending'
    | 'staffAppointments.notConfirmed'
    | 'staffAppointments.notFound';
  /** The customer's name, for the message. */
  name: string;
  status: number;
}

/**
 * A staff form post on the appointments screen: approve or decline a request (the customer is
 * told through the outbox), or close a confirmed appointment as completed or no-show. Never
 * throws for a stale screen: a request decided meanwhile or a slot taken meanwhile is a notice.
 */
export async function staffAppointmentAction(
  db: Db,
  input: {
    tenant: Pick<Tenant, 'id' | 'name' | 'timeZone' | 'primaryHost'>;
    staffId: string;
    form: Record<string, string>;
    requestOrigin: string;
  },
): Promise<ActionOutcome> {
  const { tenant, form } = input;
  const publicId = (form.booking ?? '').trim().slice(0, 64);
  const action = form.action;
  if (action === 'approve' || action === 'decline') {
    const result = await decideAndNotify(db, {
      tenant,
      publicId,
      approve: action === 'approve',
      reason: form.reason,
      staffId: input.staffId,
      requestOrigin: input.requestOrigin,
    });
    if (result.ok) {
      kickOutbox();
      const key = action === 'approve' ? 'staffAppointments.approved' : 'staffAppointments.declined';
      return { ok: true, key, name: result.booking.contactName, status: 200 };
    }
    const failures = {
      slot_taken: 'staffAppointments.slotTaken',
      not_pending: 'staffAppointments.notPending',
      not_found: 'staffAppointments.notFound',
    } as const;
    return { ok: false, key: failures[result.reason], name: '', status: result.reason === 'not_found' ? 404 : 409 };
  }
  if (action === 'completed' || action === 'no_show') {
    const booking = await markAttendance(db, { tenantId: tenant.id, publicId, outcome: action });
    if (!booking) return { ok: false, key: 'staffAppointments.notConfirmed', name: '', status: 409 };
    const key = action === 'completed' ? 'staffAppointments.markedCompleted' : 'staffAppointments.markedNoShow';
    return { ok: true, key, name: booking.contactName, status: 200 };
  }
  return { ok: false, key: 'staffAppointments.notFound', name: '', status: 400 };
}
