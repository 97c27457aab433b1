import { pageCount, parsePage } from '#components/pagination/pagination-model.ts';
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { markAttendance, markRefunded, refundThroughGateway } from './booking-lifecycle.server';
import { bookingsWithPhotos } from './booking-photo.server';
import { normaliseReference } from './booking-reference';
import { findBookingByReference } from './booking-reference-repo.server';
import { countRequests, listBookingsBetween, listRefunds, listRequests } from './booking-repo.server';
import { decideAndNotify } from './decision-messages.server';
import { AGENDA_STATUSES, type AgendaDay, agendaWindow, groupByDay } from './staff-agenda';

export type AgendaRow = Awaited<ReturnType<typeof listRequests>>[number];
export type RefundRow = Awaited<ReturnType<typeof listRefunds>>[number];

export type ReferenceSearch =
  | { kind: 'found'; row: NonNullable<Awaited<ReturnType<typeof findBookingByReference>>> }
  | { kind: 'not_found' | 'invalid'; reference: string };

/**
 * Staff look a booking up by the short reference a customer reads out ("k7m 2qx9" finds
 * K7M2QX9), within this tenant only.
 */
export async function findByReference(db: Db, tenantId: string, typed: string): Promise<ReferenceSearch> {
  const reference = normaliseReference(typed);
  if (!reference) return { kind: 'invalid', reference: typed.slice(0, 40) };
  const row = await findBookingByReference(db, tenantId, reference);
  return row ? { kind: 'found', row } : { kind: 'not_found', reference };
}

/**
 * Requests waiting for a decision per page of the staff appointments screen (`?requests=N`): 50,
 * like the other staff lists (a whole browser-journey run makes more than 20, which pushed a
 * journey's own request onto page 2).
 */
export const REQUESTS_PAGE_ROWS = 50;

/**
 * What the staff appointments screen shows: a page of the requests waiting for a decision (soonest
 * first; `requestsPage`, REQUESTS_PAGE_ROWS a page, all counted in SQL), then today's and the
 * coming days' appointments grouped by day in the tenant's zone.
 */
export async function staffAgenda(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'timeZone'>,
  now = new Date(),
  options: { requestsPage?: number } = {},
): Promise<{
  today: string;
  requests: AgendaRow[];
  requestCount: number;
  requestsPage: number;
  days: AgendaDay<AgendaRow>[];
  withPhoto: Set<string>;
  refunds: RefundRow[];
}> {
  const { today, from, until } = agendaWindow(now, tenant.timeZone);
  const requestsPage = options.requestsPage ?? 1;
  const [requests, requestCount, booked, refunds] = await Promise.all([
    listRequests(db, tenant.id, { limit: REQUESTS_PAGE_ROWS, offset: (requestsPage - 1) * REQUESTS_PAGE_ROWS }),
    countRequests(db, tenant.id),
    listBookingsBetween(db, tenant.id, from, until, AGENDA_STATUSES),
    listRefunds(db, tenant.id, now),
  ]);
  const withPhoto = await bookingsWithPhotos(
    db,
    tenant.id,
    [...requests, ...booked].map((row) => row.booking.id),
  );
  return {
    today,
    requests,
    requestCount,
    requestsPage,
    days: groupByDay(booked, tenant.timeZone, today),
    withPhoto,
    refunds,
  };
}

/**
 * The staff appointments screen for the address: the agenda with the requests' page from
 * `?requests=N`; pageIssue 400 when that is not a page number, 404 past the last page.
 */
export async function staffAppointmentsPage(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'timeZone'>,
  query: URLSearchParams,
  now = new Date(),
) {
  const page = parsePage(query.get('requests'));
  const agenda = await staffAgenda(db, tenant, now, { requestsPage: page ?? 1 });
  const pageIssue =
    page === null ? 400 : page > Math.max(1, pageCount(agenda.requestCount, REQUESTS_PAGE_ROWS)) ? 404 : null;
  return { ...agenda, pageIssue };
}

/** Today's confirmed and completed appointments, by start (the queue console's check-ins): one day's read. */
export async function todaysAppointments(db: Db, tenant: Pick<Tenant, 'id' | 'timeZone'>, now = new Date()) {
  const { from, until } = agendaWindow(now, tenant.timeZone, 1);
  return listBookingsBetween(db, tenant.id, from, until, ['confirmed', 'completed']);
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
    | 'staffAppointments.notStarted'
    | 'staffAppointments.markedRefunded'
    | 'staffAppointments.notRefundDue'
    | 'staffAppointments.gatewayRefunded'
    | 'staffAppointments.gatewayRefundFailed'
    | 'staffAppointments.notFound';
  /** The customer's name, for the message. */
  name: string;
  status: number;
}

/**
 * A staff form post on the appointments screen: approve or decline a request (the customer is
 * told through the outbox), close a confirmed appointment that has started as completed or
 * no-show, or record a due refund as made (who and when). Never
 * throws for a stale screen: a request decided meanwhile or a slot taken meanwhile is a notice.
 */
export async function staffAppointmentAction(
  db: Db,
  input: {
    tenant: Pick<Tenant, 'id' | 'name' | 'timeZone' | 'primaryHost'>;
    staffId: string;
    form: Record<string, string>;
    requestOrigin: string;
    now?: Date;
  },
): Promise<ActionOutcome> {
  const now = input.now ?? new Date();
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
      now,
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
    const result = await markAttendance(db, { tenantId: tenant.id, publicId, outcome: action, now });
    if (!result.ok) {
      if (result.reason === 'not_found') return { ok: false, key: 'staffAppointments.notFound', name: '', status: 404 };
      const key = result.reason === 'not_started' ? 'staffAppointments.notStarted' : 'staffAppointments.notConfirmed';
      return { ok: false, key, name: '', status: 409 };
    }
    const key = action === 'completed' ? 'staffAppointments.markedCompleted' : 'staffAppointments.markedNoShow';
    return { ok: true, key, name: result.booking.contactName, status: 200 };
  }
  if (action === 'refunded') {
    const booking = await markRefunded(db, { tenantId: tenant.id, publicId, staffId: input.staffId, now });
    if (!booking) return { ok: false, key: 'staffAppointments.notRefundDue', name: '', status: 409 };
    return { ok: true, key: 'staffAppointments.markedRefunded', name: booking.contactName, status: 200 };
  }
  if (action === 'refund_gateway') {
    const result = await refundThroughGateway(db, { tenantId: tenant.id, publicId, staffId: input.staffId, now });
    if (!result) return { ok: false, key: 'staffAppointments.notFound', name: '', status: 404 };
    const name = result.booking.contactName;
    if (result.failed > 0) return { ok: false, key: 'staffAppointments.gatewayRefundFailed', name, status: 502 };
    if (result.refunded === 0) return { ok: false, key: 'staffAppointments.notRefundDue', name: '', status: 409 };
    return { ok: true, key: 'staffAppointments.gatewayRefunded', name, status: 200 };
  }
  return { ok: false, key: 'staffAppointments.notFound', name: '', status: 400 };
}
