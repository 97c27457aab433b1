// Answers of the queue endpoints, shared by the endpoints (which build them: `satisfies`) and the
// islands (which check them through apiCall). zod/mini: islands ship it.
import * as z from 'zod/mini';

const PointKind = z.enum(['counter', 'room', 'pharmacy', 'cashier']);

const Call = z.object({
  callId: z.string(),
  number: z.string(),
  pointId: z.string(),
  kind: PointKind,
  pointNumber: z.nullable(z.number()),
  at: z.string(),
});

/** `GET /api/qtv/state?display=…&points=…`: what a board shows (numbers only). */
export const BoardStateResponse = z.object({
  serverTime: z.string(),
  points: z.array(
    z.object({
      id: z.string(),
      kind: PointKind,
      number: z.nullable(z.number()),
      current: z.nullable(z.object({ number: z.string(), status: z.string(), calledAt: z.string() })),
    }),
  ),
  queues: z.array(
    z.object({ id: z.string(), prefix: z.string(), name: z.string(), next: z.array(z.string()), waiting: z.number() }),
  ),
  missed: z.array(z.string()),
  latest: z.nullable(Call),
});

/** The `called` realtime message. */
export const CallMessage = Call;

/** `GET /api/queue/tickets/{publicId}`: the visitor's ticket. */
export const TicketStateResponse = z.object({
  number: z.string(),
  status: z.string(),
  queueName: z.string(),
  ahead: z.nullable(z.number()),
  estimateMinutes: z.nullable(z.number()),
  point: z.nullable(z.object({ kind: PointKind, number: z.nullable(z.number()) })),
  nowServing: z.array(z.string()),
});
