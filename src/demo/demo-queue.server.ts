import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import {
  queueCounters,
  queueDisplays,
  queueSettings,
  queues,
  queueTicketEvents,
  queueTickets,
  servicePoints,
  tenantSettings,
  tenants,
} from '#db/schema/index.ts';
import { ticketNumber } from '#features/queue/queue-rules.ts';
import { zonedDate } from '#lib/zoned-time.ts';

/** The demo board's display code: `/qtv?display=KLINIKTV26` on klinik.localhost (README). */
export const DEMO_DISPLAY_CODE = 'KLINIKTV26';

const QUEUES = [
  { prefix: 'A', name: { en: 'Registration', ms: 'Pendaftaran', id: 'Pendaftaran' }, kiosk: true },
  { prefix: 'B', name: { en: 'Doctor', ms: 'Doktor', id: 'Dokter' }, kiosk: false },
  { prefix: 'P', name: { en: 'Pharmacy', ms: 'Farmasi', id: 'Farmasi' }, kiosk: true },
] as const;

const POINTS = [
  { prefix: 'A', kind: 'counter', number: 1 },
  { prefix: 'A', kind: 'counter', number: 2 },
  { prefix: 'B', kind: 'room', number: 1 },
  { prefix: 'B', kind: 'room', number: 2 },
  { prefix: 'P', kind: 'pharmacy', number: null },
] as const;

/** The clinic's waiting room: queues, counters and rooms, a TV display code and a few tickets today. */
export async function seedDemoQueue(db: Db, now = new Date()): Promise<void> {
  const clinics = await db
    .select({ id: tenants.id, timeZone: tenantSettings.timeZone })
    .from(tenants)
    .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .where(eq(tenantSettings.offersQueue, true));
  for (const clinic of clinics) {
    await db.transaction(async (tx) => {
      // SMS to kiosk visitors on: the demo's outbox writes them to the server log (/dev/outbox).
      await tx
        .insert(queueSettings)
        .values({ tenantId: clinic.id, channelKey: `demo${clinic.id.replaceAll('-', '')}`, smsEnabled: true });
      const made = await tx
        .insert(queues)
        .values(QUEUES.map((q, position) => ({ ...q, tenantId: clinic.id, position })))
        .returning();
      const queueOf = (prefix: string) => made.find((q) => q.prefix === prefix)?.id ?? '';
      const points = await tx
        .insert(servicePoints)
        .values(
          POINTS.map((p, position) => ({
            tenantId: clinic.id,
            queueId: queueOf(p.prefix),
            kind: p.kind,
            number: p.number,
            position,
          })),
        )
        .returning();
      await tx.insert(queueDisplays).values({ tenantId: clinic.id, code: DEMO_DISPLAY_CODE, label: 'Waiting room TV' });
      // Today: registration issued A001–A006 (A001 done, A002 at counter 1), doctor B001–B003.
      const serviceDate = zonedDate(now, clinic.timeZone);
      const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
      const plan: { prefix: 'A' | 'B'; count: number }[] = [
        { prefix: 'A', count: 6 },
        { prefix: 'B', count: 3 },
      ];
      for (const { prefix, count } of plan) {
        const queueId = queueOf(prefix);
        await tx.insert(queueCounters).values({ queueId, serviceDate, lastSeq: count });
        for (let seq = 1; seq <= count; seq += 1) {
          const created = minutesAgo(60 - seq * 5);
          const status = seq === 1 ? 'done' : seq === 2 ? 'called' : 'waiting';
          const point = points.find((p) => p.queueId === queueId);
          const [ticket] = await tx
            .insert(queueTickets)
            .values({
              tenantId: clinic.id,
              publicId: `demo${prefix}${seq}${clinic.id.slice(0, 8)}`,
              queueId,
              originQueueId: queueId,
              serviceDate,
              seq,
              number: ticketNumber(prefix, seq),
              status,
              source: 'walk_in',
              pointId: status === 'waiting' ? null : (point?.id ?? null),
              queuedAt: created,
              createdAt: created,
              calledAt: status === 'waiting' ? null : minutesAgo(30 - seq),
              finishedAt: status === 'done' ? minutesAgo(25) : null,
            })
            .returning({ id: queueTickets.id });
          if (ticket) {
            await tx.insert(queueTicketEvents).values({
              tenantId: clinic.id,
              ticketId: ticket.id,
              kind: 'issued',
              status: 'waiting',
              queueId,
              at: created,
            });
          }
        }
      }
    });
  }
}
