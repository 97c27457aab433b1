// Test helpers: a programme, a reward and a member inserted directly (staff's editor makes them in the app).
import type { Db } from '#db/client.server.ts';
import { customers, loyaltyMembers, loyaltyProgrammes, loyaltyRewards, loyaltySettings } from '#db/schema/index.ts';
import { REWARD_KINDS } from '#db/schema/loyalty.ts';
import { transaction } from '#db/transaction.server.ts';
import { credit } from './index.server.ts';
import { memberById } from './loyalty-repo.server';
import { pointsNow } from './membership.server';

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

/** Points given to a member by hand (an adjustment), earned at `now`, expiring as `programme` says. */
export function givePoints(
  db: Db,
  input: {
    tenantId: string;
    memberId: string;
    programme: { expiryMonths: number | null; notUsableSameDay: boolean };
    points: number;
    now?: Date;
  },
) {
  const { now = new Date(), ...rest } = input;
  return transaction(db, (tx) =>
    credit(tx, { ...rest, kind: 'adjust', key: `test:${crypto.randomUUID()}`, reason: 'test', now }),
  );
}

/** A programme of its own (`patch`) with a member holding `points`, given at `now`. */
export async function aMemberWithPoints(
  db: Db,
  tenantId: string,
  points: number,
  options: { now?: Date; programme?: Partial<typeof loyaltyProgrammes.$inferInsert> } = {},
) {
  const programme = await insertTestProgramme(db, tenantId, options.programme);
  const { member, customer } = await insertTestMember(db, tenantId, programme.id);
  await givePoints(db, { tenantId, memberId: member.id, programme, points, now: options.now });
  return { programme, member, customer };
}

/** A member's balance at `now`, as the member's pages show it. */
export async function pointsOf(db: Db, tenantId: string, memberId: string, now = new Date()): Promise<number> {
  const member = await memberById(db, tenantId, memberId);
  return member ? (await pointsNow(db, member, now)).balance : 0;
}
