// Test helpers: a programme, a reward and a member inserted directly (staff's editor makes them in the app).
import type { Db } from '#db/client.server.ts';
import { customers, loyaltyMembers, loyaltyProgrammes, loyaltyRewards, loyaltySettings } from '#db/schema/index.ts';
import { REWARD_KINDS } from '#db/schema/loyalty.ts';

let sequence = 0;
function unique(): string {
  sequence += 1;
  return `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function insertTestProgramme(
  db: Db,
  tenantId: string,
  patch: Partial<typeof loyaltyProgrammes.$inferInsert> = {},
) {
  await db
    .insert(loyaltySettings)
    .values({ tenantId, allowedRewardKinds: [...REWARD_KINDS] })
    .onConflictDoNothing();
  const [row] = await db
    .insert(loyaltyProgrammes)
    .values({
      tenantId,
      publicId: `test-${unique()}`,
      name: { en: 'Test points' },
      earnPoints: 1,
      earnPerMinor: 100,
      ...patch,
    })
    .returning();
  if (!row) throw new Error('programme not inserted');
  return row;
}

export async function insertTestReward(
  db: Db,
  tenantId: string,
  programmeId: string,
  patch: Partial<typeof loyaltyRewards.$inferInsert> = {},
) {
  const [row] = await db
    .insert(loyaltyRewards)
    .values({ tenantId, programmeId, kind: 'counter_item', name: { en: 'Tote bag' }, pointsCost: 100, ...patch })
    .returning();
  if (!row) throw new Error('reward not inserted');
  return row;
}

/** A customer and their membership of a programme (no sign-up bonus). */
export async function insertTestMember(db: Db, tenantId: string, programmeId: string) {
  const [customer] = await db
    .insert(customers)
    .values({ tenantId, name: 'Aisyah', phone: `6012${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` })
    .returning();
  if (!customer) throw new Error('customer not inserted');
  const [member] = await db
    .insert(loyaltyMembers)
    .values({ tenantId, programmeId, customerId: customer.id, name: 'Aisyah', consentedAt: new Date() })
    .returning();
  if (!member) throw new Error('member not inserted');
  return { customer, member };
}
