// Test factory: the demo clinic's waiting room (queues A and P with kiosks, counters and rooms, a TV
// display code, a few tickets today) on the clinic with its catalogue (check-ins link bookings); no gifts or other tenants.
import type { Db } from '#db/client.server.ts';
import { seedDemoQueue } from '#demo/demo-queue.server.ts';
import { aClinic } from '#features/booking/test-support.ts';
import type { Tenant } from '#features/tenants/index.ts';

export async function aClinicWithWaitingRoom(db: Db): Promise<Tenant> {
  const klinik = await aClinic(db);
  await seedDemoQueue(db);
  return klinik;
}
