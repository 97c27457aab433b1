import { z } from 'zod';
import type { Db } from '#db/client.server.ts';
import { invoicePath } from '#features/invoices/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import { formatAmount, formatMoney, toMinorUnits } from '#lib/money.ts';
import { startCardUpdate } from './instalments.server';
import { linkToken, openLink } from './manage-link.server';
import { receiptPdfPath } from './paths';
import { campaignBrief, findPlan, instalmentsOf } from './plan-repo.server';
import { CANCEL_REASONS, planChangeable } from './plan-rules';
import { cancelPlan, changePlanAmount } from './plans.server';
import { displayReceiptNumber } from './receipt-number';
import { receiptsOfPlan } from './receipt-repo.server';

// The donor's page for one recurring gift, opened by the signed link on every receipt
// (`/donation/plans/{token}`): its schedule and receipts; cancel, change the amount, another card.

export interface ManageInstalment {
  seq: number;
  label: string;
  date: string;
  status: string;
  statusKey: string;
  receipt: { href: string; label: string } | null;
}

export interface ManagePlanView {
  planId: string;
  title: string;
  summary: string;
  fee: string | null;
  method: string;
  status: string;
  statusKey: string;
  next: string | null;
  changeable: boolean;
  canUpdateCard: boolean;
  failing: boolean;
  amountMajor: string;
  currencyCode: string;
  instalments: ManageInstalment[];
}

/** The plan a token opens for this tenant, shown in the visitor's language; null = 404. */
export async function managePlanView(
  db: Db,
  input: { tenant: Tenant; token: string; locale: Locale; t: Translate },
): Promise<ManagePlanView | null> {
  const { tenant, locale, t } = input;
  const planId = openLink('plan', tenant.id, input.token);
  if (!planId) return null;
  const plan = await findPlan(db, tenant.id, planId);
  if (!plan) return null;
  const [campaign, rows, receipts] = await Promise.all([
    campaignBrief(db, tenant.id, plan.campaignId),
    instalmentsOf(db, tenant.id, plan.id),
    receiptsOfPlan(db, tenant.id, plan.id),
  ]);
  const money = (minor: number) => formatMoney(minor, tenant.currency);
  const campaignTitle = localized(campaign?.title ?? {}, locale) || tenant.name;
  const day = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`), locale, 'UTC');
  const receiptBySeq = new Map(receipts.map(({ receipt, seq }) => [seq ?? 1, receipt]));
  return {
    planId: plan.id,
    title: campaignTitle,
    summary: t(`donation.plan.summary.${plan.frequency}` as MessageKey, {
      amount: money(plan.amountMinor),
      campaign: campaignTitle,
      count: plan.count,
    }),
    fee: plan.feeMinor > 0 ? t('donation.plan.fee', { fee: money(plan.feeMinor) }) : null,
    method: t('donation.plan.paidBy', { method: t(`donation.plan.method.${plan.method}` as MessageKey) }),
    status: t(`donation.plan.status.${plan.status}` as MessageKey),
    statusKey: plan.status,
    next:
      plan.nextChargeOn && plan.status === 'active' ? t('donation.plan.next', { date: day(plan.nextChargeOn) }) : null,
    changeable: planChangeable(plan.status),
    canUpdateCard: plan.method === 'card' && (plan.status === 'active' || plan.status === 'failing'),
    failing: plan.status === 'failing',
    amountMajor: formatAmount(plan.amountMinor, tenant.currency).replace(/,/g, ''),
    currencyCode: tenant.currency.code,
    instalments: rows.map((row) => {
      const receipt = receiptBySeq.get(row.seq);
      return {
        seq: row.seq,
        label: t('donation.plan.gift', { seq: row.seq }),
        date: day(row.dueOn),
        status: t(`donation.plan.instalment.${row.status}` as MessageKey),
        statusKey: row.status,
        receipt: receipt
          ? {
              href: receiptPdfPath(locale, linkToken('receipt', tenant.id, receipt.id)),
              label: t('donation.receipt.download', { number: displayReceiptNumber(receipt.year, receipt.number) }),
            }
          : null,
      };
    }),
  };
}

const Action = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('cancel'),
    reason: z.enum(['none', ...CANCEL_REASONS], { message: 'donation.plan.reasonInvalid' }).default('none'),
  }),
  z.object({ action: z.literal('amount'), amount: z.string().trim().max(20) }),
  z.object({ action: z.literal('card') }),
]);

export type ManageActionResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'notice'; text: string }
  | { kind: 'error'; status: number; text: string };

/** A form post on the manage page: cancel (with a reason), a new amount, or another card. */
export async function manageAction(
  db: Db,
  input: { tenant: Tenant; planId: string; form: Record<string, unknown>; locale: Locale; t: Translate },
): Promise<ManageActionResult> {
  const { tenant, t } = input;
  const parsed = Action.safeParse(input.form);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message;
    return {
      kind: 'error',
      status: 400,
      text: t(key === 'donation.plan.reasonInvalid' ? 'donation.plan.reasonInvalid' : 'field.invalid'),
    };
  }
  const body = parsed.data;
  const notChangeable = { kind: 'error', status: 409, text: t('donation.plan.notChangeable') } as const;
  if (body.action === 'cancel') {
    const result = await cancelPlan(db, {
      tenantId: tenant.id,
      planId: input.planId,
      reason: body.reason === 'none' ? null : body.reason,
    });
    return result.ok ? { kind: 'notice', text: t('donation.plan.cancelled') } : notChangeable;
  }
  if (body.action === 'amount') {
    const minor = toMinorUnits(body.amount, tenant.currency) ?? Number.NaN;
    const result = await changePlanAmount(db, { tenantId: tenant.id, planId: input.planId, amountMinor: minor });
    if (result.ok) {
      return { kind: 'notice', text: t('donation.plan.amountSaved', { amount: formatMoney(minor, tenant.currency) }) };
    }
    if (result.reason === 'amount' && result.limits) {
      const min = formatMoney(result.limits.min, tenant.currency);
      const text =
        result.limits.max === null
          ? t('donation.plan.amountInvalid', { min })
          : t('donation.plan.amountInvalidRange', { min, max: formatMoney(result.limits.max, tenant.currency) });
      return { kind: 'error', status: 400, text };
    }
    return notChangeable;
  }
  const update = await startCardUpdate(db, { tenantId: tenant.id, planId: input.planId });
  if (!update.ok) return notChangeable;
  return { kind: 'redirect', location: invoicePath(input.locale, 'donation', update.invoicePublicId) };
}
