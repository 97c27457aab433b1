/**
 * The queue's pure rules (docs/decisions/0026-queue-board.md): numbering per queue and day, the
 * tenant's day, the steps a ticket may take, the estimated wait. No I/O: tested in queue-rules.test.ts.
 */

export type TicketStatus = 'waiting' | 'called' | 'serving' | 'done' | 'missed' | 'transferred';
export type TicketAction = 'call' | 'recall' | 'serve' | 'done' | 'miss' | 'requeue' | 'transfer';

/** A queue prefix: one or two capital letters (set up at /staff/queue/setup). */
export const PREFIX = /^[A-Z]{1,2}$/;

/** `A` + 12 → `A012`; past 999 the number just grows (`A1000`). */
export function ticketNumber(prefix: string, seq: number): string {
  if (!PREFIX.test(prefix)) throw new RangeError(`bad prefix ${prefix}`);
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`bad seq ${seq}`);
  return `${prefix}${String(seq).padStart(3, '0')}`;
}

/** Where each action takes a ticket, from the statuses it is allowed in. */
const MOVES: Record<TicketAction, { from: readonly TicketStatus[]; to: TicketStatus }> = {
  call: { from: ['waiting'], to: 'called' },
  recall: { from: ['called'], to: 'called' },
  serve: { from: ['called'], to: 'serving' },
  done: { from: ['called', 'serving'], to: 'done' },
  miss: { from: ['called'], to: 'missed' },
  // A missed visitor who turns up later goes back to the end of the line with the same number.
  requeue: { from: ['missed'], to: 'waiting' },
  // Doctor → pharmacy: the same number waits in the other queue.
  transfer: { from: ['waiting', 'called', 'serving', 'done'], to: 'waiting' },
};

/** The status after `action`, or null when the ticket may not take it from `from`. */
export function nextStatus(from: TicketStatus, action: TicketAction): TicketStatus | null {
  const move = MOVES[action];
  return move.from.includes(from) ? move.to : null;
}

/** Still in line or at a point: what the daily reset closes when its day is over. */
export const OPEN_STATUSES: readonly TicketStatus[] = ['waiting', 'called', 'serving'];

/** What the daily reset makes of a ticket left open at the end of its day. */
export function closedStatus(status: TicketStatus): TicketStatus {
  return status === 'serving' ? 'done' : status === 'waiting' || status === 'called' ? 'missed' : status;
}

export const DEFAULT_SERVICE_SECONDS = 5 * 60;

/**
 * Minutes until a ticket with `ahead` tickets before it is called: the average service time of the
 * queue's finished tickets today (or 5 minutes before any), shared by its points, rounded up.
 * Zero when it is next and a point is free.
 */
export function estimatedWaitMinutes(input: {
  ahead: number;
  points: number;
  serviceSeconds: readonly number[];
}): number {
  const points = Math.max(1, input.points);
  const valid = input.serviceSeconds.filter((s) => Number.isFinite(s) && s > 0);
  const average = valid.length ? valid.reduce((a, b) => a + b, 0) / valid.length : DEFAULT_SERVICE_SECONDS;
  const rounds = Math.ceil(Math.max(0, input.ahead) / points);
  return Math.ceil((rounds * average) / 60);
}

/** The `points` query of a board: service point ids, comma separated; nonsense is ignored. */
export function parsePointFilter(value: string | null): string[] {
  if (!value) return [];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return [...new Set(value.split(',').map((v) => v.trim().toLowerCase()))].filter((v) => uuid.test(v)).slice(0, 20);
}
