// The queue as people see it (issue 16): the board, a visitor's ticket, the staff console and the
// setup screen's lists, read for a tenant. Pages call these through index.ts.

import type { Db } from '#db/client.server.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import {
  type BoardState,
  MAX_MISSED,
  MAX_NEXT,
  MAX_NOW_SERVING,
  type PointKind,
  type TicketState,
} from './board-state';
import type { QueueTenant } from './queue.server';
import * as consoleRepo from './queue-console-repo.server';
import * as repo from './queue-repo.server';
import { estimatedWaitMinutes } from './queue-rules';

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

/**
 * The active queues and service points of a tenant, names in `locale` (a point of a deactivated
 * queue is left out too): what the console, the board, the kiosk and the ticket page work with.
 */
export async function queueSetup(db: Db, tenantId: string, locale: Locale) {
  const [all, allPoints] = await Promise.all([repo.listQueues(db, tenantId), repo.listPoints(db, tenantId)]);
  const queueRows = all.filter((q) => q.active);
  const live = new Set(queueRows.map((q) => q.id));
  const points = allPoints.filter((p) => p.active && live.has(p.queueId));
  return {
    queues: queueRows.map((q) => ({ id: q.id, prefix: q.prefix, name: localized(q.name, locale), kiosk: q.kiosk })),
    points: points.map((p) => ({ id: p.id, kind: p.kind as PointKind, number: p.number, queueId: p.queueId })),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : '');

/**
 * What a board shows (numbers only): per point its current ticket, per queue the next numbers and
 * how many wait, the latest missed. Three bounded reads: the rows grow with the points and
 * MAX_NEXT/MAX_MISSED, never with the day's tickets (issue 25).
 */
export async function boardState(
  db: Db,
  tenant: QueueTenant,
  options: { locale: Locale; pointIds?: readonly string[]; now?: Date },
): Promise<BoardState> {
  const now = options.now ?? new Date();
  const today = zonedDate(now, tenant.timeZone);
  const setup = await queueSetup(db, tenant.id, options.locale);
  const filter = options.pointIds?.length ? new Set(options.pointIds) : null;
  const points = setup.points.filter((p) => !filter || filter.has(p.id));
  const queueIds = new Set(points.map((p) => p.queueId));
  const [current, next, missed] = await Promise.all([
    repo.currentAtPoints(
      db,
      tenant.id,
      today,
      points.map((p) => p.id),
    ),
    repo.nextWaiting(db, tenant.id, today, [...queueIds], MAX_NEXT),
    repo.latestMissed(db, tenant.id, today, [...queueIds], MAX_MISSED),
  ]);
  const atPoint = new Map(current.map((ticket) => [ticket.pointId, ticket]));
  let latest: { ticket: repo.TicketRow; point: (typeof points)[number] } | null = null;
  for (const point of points) {
    const ticket = atPoint.get(point.id);
    if (!ticket) continue;
    if (!latest || (latest.ticket.calledAt?.getTime() ?? 0) < (ticket.calledAt?.getTime() ?? 0)) {
      latest = { ticket, point };
    }
  }
  return {
    serverTime: now.toISOString(),
    points: points.map((p) => {
      const ticket = atPoint.get(p.id);
      return {
        id: p.id,
        kind: p.kind,
        number: p.number,
        current: ticket ? { number: ticket.number, status: ticket.status, calledAt: iso(ticket.calledAt) } : null,
      };
    }),
    queues: setup.queues
      .filter((q) => queueIds.has(q.id))
      .map((q) => {
        const mine = next.filter((t) => t.queueId === q.id);
        return {
          id: q.id,
          prefix: q.prefix,
          name: q.name,
          next: mine.map((t) => t.number),
          waiting: mine[0]?.waiting ?? 0,
        };
      }),
    missed: missed.map((t) => t.number),
    latest: latest
      ? {
          callId: `${latest.ticket.id}.${latest.ticket.recalls}`,
          number: latest.ticket.number,
          pointId: latest.point.id,
          kind: latest.point.kind,
          pointNumber: latest.point.number,
          at: iso(latest.ticket.calledAt),
        }
      : null,
  };
}

async function serviceSeconds(db: Db, tenantId: string, queueId: string, now: Date): Promise<number[]> {
  const rows = await repo.finishedSince(db, tenantId, queueId, new Date(now.getTime() - 12 * 3_600_000));
  return rows
    .map((r) => ((r.finishedAt?.getTime() ?? 0) - (r.servingAt ?? r.calledAt ?? r.finishedAt ?? now).getTime()) / 1000)
    .filter((s) => s > 0);
}

/** The visitor's ticket: position, estimate, where to go when called. Null for an unknown id. */
export async function ticketState(
  db: Db,
  tenant: QueueTenant,
  publicId: string,
  options: { locale: Locale; now?: Date },
): Promise<TicketState | null> {
  const now = options.now ?? new Date();
  const ticket = await repo.findTicketByPublicId(db, tenant.id, publicId);
  if (!ticket) return null;
  const waiting = ticket.status === 'waiting';
  const [setup, ahead, serving] = await Promise.all([
    queueSetup(db, tenant.id, options.locale),
    waiting ? repo.countWaitingAhead(db, tenant.id, ticket) : Promise.resolve(null),
    repo.nowServingIn(db, tenant.id, ticket.queueId, ticket.serviceDate, MAX_NOW_SERVING),
  ]);
  const queue = setup.queues.find((q) => q.id === ticket.queueId);
  const points = setup.points.filter((p) => p.queueId === ticket.queueId).length;
  const estimateMinutes =
    ahead === null
      ? null
      : estimatedWaitMinutes({
          ahead,
          points,
          serviceSeconds: await serviceSeconds(db, tenant.id, ticket.queueId, now),
        });
  const point = ticket.pointId ? setup.points.find((p) => p.id === ticket.pointId) : undefined;
  return {
    number: ticket.number,
    status: ticket.status,
    queueName: queue?.name ?? '',
    ahead,
    estimateMinutes,
    point:
      point && (ticket.status === 'called' || ticket.status === 'serving')
        ? { kind: point.kind, number: point.number }
        : null,
    nowServing: serving.map((t) => t.number),
  };
}

/** The missed tickets the staff console lists a page at a time (`?missed=N`), each with its requeue button. */
export const MISSED_PAGE_ROWS = 24;

/** The first numbers waiting the console shows per queue (the count beside them is of all). */
export const CONSOLE_NEXT = 8;

/**
 * The staff console: per point its current ticket, per queue its first numbers, counts and today's
 * average wait, and one page of the missed tickets. Reads grow with the points and queues, never
 * with the day's tickets (issue 25): counts and the average come from SQL.
 */
export async function staffQueue(
  db: Db,
  tenant: QueueTenant,
  locale: Locale,
  options: { missedPage?: number; bookingIds?: readonly string[]; now?: Date } = {},
) {
  const today = zonedDate(options.now ?? new Date(), tenant.timeZone);
  const page = options.missedPage ?? 1;
  const setup = await queueSetup(db, tenant.id, locale);
  const [stats, current, next, missed, bookingIds] = await Promise.all([
    consoleRepo.dayStatsByQueue(db, tenant.id, today),
    repo.currentAtPoints(
      db,
      tenant.id,
      today,
      setup.points.map((p) => p.id),
    ),
    repo.nextWaiting(
      db,
      tenant.id,
      today,
      setup.queues.map((q) => q.id),
      CONSOLE_NEXT,
    ),
    consoleRepo.missedPage(
      db,
      tenant.id,
      today,
      setup.queues.map((q) => q.id),
      { limit: MISSED_PAGE_ROWS, offset: (page - 1) * MISSED_PAGE_ROWS },
    ),
    consoleRepo.checkedInBookings(db, tenant.id, options.bookingIds ?? []),
  ]);
  const statsOf = new Map(stats.map((row) => [row.queueId, row]));
  const queues = setup.queues.map((q) => {
    const counts = statsOf.get(q.id);
    return {
      ...q,
      waiting: counts?.waiting ?? 0,
      next: next.filter((t) => t.queueId === q.id).map((t) => t.number),
      done: counts?.done ?? 0,
      averageWaitMinutes:
        counts?.waitSeconds === null || counts?.waitSeconds === undefined ? null : Math.round(counts.waitSeconds / 60),
    };
  });
  const atPoint = new Map(current.map((ticket) => [ticket.pointId, ticket]));
  const points = setup.points.map((p) => ({ ...p, current: atPoint.get(p.id) ?? null }));
  // Missed tickets of active queues only, as the console lists them.
  const live = new Set(setup.queues.map((q) => q.id));
  const missedTotal = stats.filter((row) => live.has(row.queueId)).reduce((sum, row) => sum + row.missed, 0);
  return {
    today,
    queues,
    points,
    missed: { rows: missed, page, total: missedTotal },
    bookingIds,
  };
}
