import type { Db } from '#db/client.server.ts';
import { findDonationsByIds, moveDonation } from './campaign-repo.server';
import { instalmentsOf, lockPlan, skipOpenInstalments, updateInstalment, updatePlan } from './plan-repo.server';
import { planProgress } from './plan-rules';
import { ensureSchedule } from './plans.server';

/**
 * The invoice of some gifts stopped waiting for money, inside the transaction that moved it.
 * `failed` (its payment failed; the donor may try again): pending gifts read failed, and a later
 * payment still pays them. `expired` (a week unpaid, nothing in flight): pending or failed gifts
 * end as void (a late payment of the invoice still counts them: markDonationsPaid takes void),
 * a plan still waiting on its first payment is cancelled (reason `unpaid`, nothing more charged
 * or invoiced), and an instalment whose pay-link expired is skipped so its plan moves on.
 */
export async function endUnpaidGifts(
  tx: Db,
  input: { tenantId: string; donationIds: string[]; outcome: 'failed' | 'expired'; at: Date },
): Promise<void> {
  const { tenantId, at } = input;
  for (const gift of await findDonationsByIds(tx, tenantId, input.donationIds)) {
    if (input.outcome === 'failed') {
      await moveDonation(tx, tenantId, gift.id, ['pending'], 'failed', at);
      continue;
    }
    const ended = await moveDonation(tx, tenantId, gift.id, ['pending', 'failed'], 'void', at);
    if (!ended?.planId) continue;
    const plan = await lockPlan(tx, tenantId, ended.planId);
    if (!plan) continue;
    await ensureSchedule(tx, plan);
    const seq = ended.instalmentSeq ?? 1;
    const instalment = (await instalmentsOf(tx, tenantId, plan.id)).find((i) => i.seq === seq);
    if (instalment?.status === 'invoiced' || instalment?.status === 'failed' || instalment?.status === 'scheduled') {
      await updateInstalment(tx, tenantId, plan.id, seq, { status: 'skipped', nextAttemptAt: null });
    }
    if (plan.status === 'pending') {
      await skipOpenInstalments(tx, tenantId, plan.id);
      await updatePlan(tx, tenantId, plan.id, { status: 'cancelled', cancelReason: 'unpaid', nextChargeOn: null }, at);
      continue;
    }
    const progress = planProgress(plan.count, await instalmentsOf(tx, tenantId, plan.id));
    await updatePlan(
      tx,
      tenantId,
      plan.id,
      {
        chargesMade: progress.chargesMade,
        nextChargeOn: progress.nextChargeOn,
        ...(progress.completed && plan.status !== 'cancelled' ? { status: 'completed' as const } : {}),
      },
      at,
    );
  }
}
