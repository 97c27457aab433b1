/**
 * What a board and a ticket page are sent (numbers only, never names): built on the server,
 * checked in the island by queue-api.schema.ts. Pure types and helpers.
 */

export type PointKind = 'counter' | 'room' | 'pharmacy' | 'cashier';

export interface BoardPoint {
  id: string;
  kind: PointKind;
  number: number | null;
  /** The ticket at this point now (called or being served), or null. */
  current: { number: string; status: string; calledAt: string } | null;
}

export interface BoardQueue {
  id: string;
  prefix: string;
  name: string;
  /** The next numbers waiting, first first (at most 6). */
  next: string[];
  waiting: number;
}

/** A call (or recall) as the realtime message carries it: enough to show and speak it at once. */
export interface BoardCall {
  /** Unique per call and recall: `<ticketId>.<recalls>`. */
  callId: string;
  number: string;
  pointId: string;
  kind: PointKind;
  pointNumber: number | null;
  at: string;
}

export interface BoardState {
  serverTime: string;
  points: BoardPoint[];
  queues: BoardQueue[];
  /** Numbers called but missed today, latest first (at most 6). */
  missed: string[];
  /** The latest call on the board's points, for the highlight. */
  latest: BoardCall | null;
}

export interface TicketState {
  number: string;
  status: string;
  queueName: string;
  /** Tickets before it in its queue (0 = next); null when not waiting. */
  ahead: number | null;
  estimateMinutes: number | null;
  /** Where it is called to, when called. */
  point: { kind: PointKind; number: number | null } | null;
  /** The numbers being served now in its queue. */
  nowServing: string[];
}

/** The realtime channel of a tenant's queues: `queue:<channelKey>`. */
export function queueChannel(channelKey: string): string {
  return `queue:${channelKey}`;
}

/** Realtime event names. */
export const CALLED_EVENT = 'called';
export const CHANGED_EVENT = 'changed';

export const MAX_NEXT = 6;
export const MAX_MISSED = 6;
/** A ticket page lists at most this many numbers being served in its queue. */
export const MAX_NOW_SERVING = 12;
