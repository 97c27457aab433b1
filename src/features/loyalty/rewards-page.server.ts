// The rewards pages (`/loyalty/rewards`, `/loyalty/{id}/rewards`): what the page shows, and what a
// redeem form post does. The page stays thin: it hands over the request's parts and renders.
import type { Db } from '#db/client.server.ts';
import { loginRedirect } from '#features/auth/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale, LocalizedText } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { Translate } from '#i18n/t.ts';
import { safeReturnPath } from '#lib/safe-return-path.ts';
import { readForm } from '#server/http.ts';
import { RedeemForm } from './loyalty.schema';
import type { ProgrammeRow, RewardRow, VoucherRow } from './loyalty-repo.server';
import { allowedRewardKinds, rewardById } from './loyalty-repo.server';
import { activeProgrammes, memberStanding, membershipOf, rewardsOnOffer, withServices } from './membership.server';
import { rewardsPath } from './paths';
import { applyRewardToInvoice, type RedeemRefusal, redeemForVoucher } from './rewards.server';
import { voucherQrSvg } from './voucher-qr.server';

export interface RewardsPage {
  programmes: ProgrammeRow[];
  rewards: (RewardRow & {
    programme: ProgrammeRow;
    affordable: boolean;
    member: boolean;
    /** The one service the reward is for, by name (null: any appointment). */
    service: Partial<LocalizedText> | null;
  })[];
  /** Per programme id: the member's spendable points (absent when not a member). */
  spendable: Record<string, number>;
  /** Each open voucher with its reward and its QR code (SVG markup). */
  vouchers: (VoucherRow & { reward: RewardRow | undefined; qr: string })[];
}

export async function rewardsPage(
  db: Db,
  input: { tenant: Tenant; programmePublicId: string | null; customerId: string | null; now?: Date },
): Promise<RewardsPage | null> {
  const now = input.now ?? new Date();
  const all = await activeProgrammes(db, input.tenant.id);
  const programmes = input.programmePublicId ? all.filter((p) => p.publicId === input.programmePublicId) : all;
  if (input.programmePublicId && programmes.length === 0) return null;
  const allowed = new Set(await allowedRewardKinds(db, input.tenant.id));
  const offered = await withServices(
    db,
    input.tenant.id,
    (
      await rewardsOnOffer(
        db,
        input.tenant.id,
        programmes.map((p) => p.id),
        now,
      )
    ).filter((r) => allowed.has(r.kind)),
  );
  const spendable: Record<string, number> = {};
  const vouchers: RewardsPage['vouchers'] = [];
  if (input.customerId) {
    for (const programme of programmes) {
      const member = await membershipOf(db, input.tenant.id, input.customerId, programme.id);
      if (!member) continue;
      const standing = await memberStanding(db, programme, member, now, { history: { limit: 0 } });
      spendable[programme.id] = standing.spendable;
      for (const v of standing.vouchers)
        vouchers.push({
          ...v,
          reward: offeredOrAny(offered, v.rewardId),
          qr: v.status === 'issued' ? voucherQrSvg(v.code) : '',
        });
    }
  }
  return {
    programmes,
    spendable,
    vouchers,
    rewards: offered.flatMap((r) => {
      const programme = programmes.find((p) => p.id === r.programmeId);
      if (!programme) return [];
      const points = spendable[programme.id];
      return [{ ...r, programme, member: points !== undefined, affordable: (points ?? 0) >= r.pointsCost }];
    }),
  };
}

function offeredOrAny(rewards: RewardRow[], id: string): RewardRow | undefined {
  return rewards.find((r) => r.id === id);
}

export type RedeemPost =
  | { kind: 'voucher'; voucherId: string }
  | { kind: 'applied'; invoicePublicId: string }
  | { kind: 'refused'; status: number; message: string };

const REFUSALS: Record<RedeemRefusal, { status: number; key: Parameters<Translate>[0] }> = {
  member_not_found: { status: 403, key: 'loyalty.rewards.notMember' },
  reward_not_found: { status: 404, key: 'loyalty.rewards.notFound' },
  not_allowed: { status: 403, key: 'loyalty.rewards.notFound' },
  not_enough: { status: 409, key: 'loyalty.rewards.notEnough' },
  out_of_stock: { status: 409, key: 'loyalty.rewards.outOfStock' },
  invoice_not_found: { status: 409, key: 'loyalty.rewards.noBooking' },
  already_applied: { status: 409, key: 'loyalty.rewards.alreadyApplied' },
  not_applicable: { status: 409, key: 'loyalty.rewards.notApplicable' },
  payment_started: { status: 409, key: 'loyalty.rewards.paymentStarted' },
};

/** A redeem form post by a logged-in customer: a voucher, or a discount on their held booking. */
export async function redeemPost(
  db: Db,
  input: { tenant: Tenant; customerId: string; form: Record<string, string>; locale: Locale; t: Translate; now?: Date },
): Promise<RedeemPost> {
  const parsed = RedeemForm.safeParse(input.form);
  if (!parsed.success) return { kind: 'refused', status: 400, message: input.t('error.badInput') };
  const { reward, use, invoice } = parsed.data;
  const programmes = await activeProgrammes(db, input.tenant.id);
  const row = await rewardById(db, input.tenant.id, reward);
  const programme = programmes.find((p) => p.id === row?.programmeId);
  if (!row || !programme) return refusal('reward_not_found', input.t);
  const member = await membershipOf(db, input.tenant.id, input.customerId, programme.id);
  if (!member) return refusal('member_not_found', input.t);
  const memberId = member.id;
  if (use === 'voucher') {
    const result = await redeemForVoucher(db, {
      tenantId: input.tenant.id,
      memberId,
      customerId: input.customerId,
      rewardId: reward,
    });
    return result.ok ? { kind: 'voucher', voucherId: result.voucher.id } : refusal(result.reason, input.t);
  }
  if (!invoice) return refusal('invoice_not_found', input.t);
  const applied = await applyRewardToInvoice(db, {
    tenant: input.tenant,
    memberId,
    customerId: input.customerId,
    rewardId: reward,
    invoicePublicId: invoice,
    ...(input.now ? { now: input.now } : {}),
  });
  return applied.ok ? { kind: 'applied', invoicePublicId: invoice } : refusal(applied.reason, input.t);
}

function refusal(reason: RedeemRefusal, t: Translate): RedeemPost {
  const r = REFUSALS[reason];
  return { kind: 'refused', status: r.status, message: t(r.key) };
}

/** What a rewards page (`/loyalty/rewards`, `/loyalty/{id}/rewards`) answers a request with. */
export type RewardsPageAnswer =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      data: RewardsPage;
      notice?: { type: 'error'; text: string };
      status: number;
      /** This page with its query: the form's action and where a login comes back to. */
      here: string;
      invoice: string | null;
      back: string;
    };

/**
 * The whole head of both rewards pages (one with a programme, one without): a member redeems for a
 * counter voucher, or, coming from an appointment checkout (?invoice=…&back=…), applies a
 * discount to that held booking. Not found is decided before the form is read (a rewrite needs
 * the request unread), and a refused redemption changes nothing the page shows.
 */
export async function answerRewardsPage(
  locals: { db: Db; tenant: Tenant; locale: Locale; t: Translate; user: { id: string } | null },
  request: Request,
  url: URL,
  programmePublicId: string | null,
): Promise<RewardsPageAnswer> {
  const { db, tenant, locale, t, user } = locals;
  const path = localePath(locale, url.pathname);
  const here = path + url.search;
  const invoice = url.searchParams.get('invoice')?.slice(0, 40) || null;
  const back = safeReturnPath(url.searchParams.get('back'), '');
  const data = await rewardsPage(db, { tenant, programmePublicId, customerId: user?.id ?? null });
  if (!data) return { kind: 'not-found' };
  if (request.method !== 'POST') return { kind: 'page', data, status: 200, here, invoice, back };
  if (!user) return { kind: 'redirect', location: loginRedirect('customer', locale, here) };
  const result = await redeemPost(db, { tenant, customerId: user.id, form: await readForm(request), locale, t });
  if (result.kind === 'voucher')
    return { kind: 'redirect', location: rewardsPath(locale, programmePublicId, { voucher: result.voucherId }) };
  if (result.kind === 'applied') return { kind: 'redirect', location: back || localePath(locale, '/account') };
  return {
    kind: 'page',
    data,
    notice: { type: 'error', text: result.message },
    status: result.status,
    here,
    invoice,
    back,
  };
}
