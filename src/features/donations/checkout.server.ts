// Turning a donation cart (or one form's gift) into donations and ONE invoice (issue 12). The
// server trusts nothing the browser sent but the donor's wishes: each line is checked against its
// campaign as it is now, and every amount and fee is recomputed here. Weekly and monthly lines also
// make a pending plan with all its instalments; the first instalment is paid with this invoice, the
// rest by the plans' jobs. Abuse: a honeypot, limits on UNPAID checkouts (per contact, per address
// and per tenant, counted from the database: a donor who pays never counts), and an idempotency
// key from the form so a double click or a replay makes one set.
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { transaction } from '#db/transaction.server.ts';
import { type CheckoutLine, newPublicId, startCheckoutIn } from '#features/invoices/index.server.ts';
import { enabledOptions, methodAvailable } from '#features/payments/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { LOCALES, type Locale, type LocalizedText, localized } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { formatMoney } from '#lib/money.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { feeForMethods, type GivingOptions, type LineProblem, lineAmounts, lineProblem } from './cart';
import {
  type DonationSettings,
  donationSettings,
  type GivingCampaign,
  givingCampaignsByIds,
  givingFundraisersByIds,
  insertCheckoutRows,
  invoiceOfIdempotencyKey,
  lockDonorContact,
  type NewDonation,
  type NewInstalment,
  type NewPlan,
  unpaidCheckouts,
} from './checkout-repo.server';
import type { DonorInput, SubmittedLine } from './donation-form.schema';
import type { FeeMethod, FeeRates } from './fees';
import { giftMaximum } from './gift-limits';
import { DONATION_PAY_WITHIN_MS } from './plan-rules';
import { scheduleDates } from './schedule';

/**
 * Issue 23: what abuse looks like is many checkouts left unpaid, not many donors behind one
 * address (a family, a mosque's Wi-Fi, a mobile carrier's shared address). Counted in the last
 * hour, per tenant, from the database: unpaid checkouts (invoice open or failed) per contact
 * (the phone, the e-mail), per hashed network address (a generous backstop) and per tenant (a
 * flood's ceiling). Paid checkouts never count; another tenant's never either.
 */
export const DONATION_UNPAID_LIMITS = {
  windowMs: 60 * 60_000,
  perContact: 5,
  perAddress: 30,
  perTenant: 1000,
} as const;

/** Which limit refused a checkout: the visitor is told what to do about it. */
export type UnpaidLimitScope = 'contact' | 'address' | 'tenant';

export interface DonationCheckoutInput {
  tenant: Tenant;
  lines: SubmittedLine[];
  donor: DonorInput;
  customerId: string | null;
  locale: Locale;
  clientIp: string;
  now?: Date;
  /** The campaign, settings and fees the page read for this request's campaign, if it did. */
  known?: GivingTerms;
}

export type DonationCheckoutResult =
  | { ok: true; invoicePublicId: string; replayed: boolean }
  | { ok: false; reason: 'honeypot' }
  | { ok: false; reason: 'rate_limited'; scope: UnpaidLimitScope; retryAfterSeconds: number }
  | { ok: false; reason: 'line_problem'; index: number; problem: LineProblem; maxAmountMinor?: number | null };

/** What a campaign takes, narrowed by the tenant's own limits. */
export function givingOptionsOf(campaign: GivingCampaign, settings: DonationSettings, now: Date): GivingOptions {
  return {
    minAmountMinor: Math.max(campaign.minAmountMinor, settings.minMinor),
    // Never unbounded: the tenant's largest gift (or its currency's default) caps every campaign.
    maxAmountMinor: giftMaximum(campaign.maxAmountMinor, settings.maxMinor),
    oneTime: campaign.oneTime,
    weeklyCounts: campaign.weeklyCounts,
    monthlyCounts: campaign.monthlyCounts,
    coverFeesAllowed: campaign.coverFeesAllowed,
    live:
      campaign.status === 'live' &&
      campaign.startsAt.getTime() <= now.getTime() &&
      (campaign.endsAt === null || campaign.endsAt.getTime() > now.getTime()),
  };
}

/** What a checkout already read for its campaign on the same request (the form page): not read again. */
export interface GivingTerms {
  campaign: GivingCampaign;
  settings: DonationSettings;
  fees: { rates: FeeRates; methods: FeeMethod[] };
}

/**
 * The rate behind "cover the fees" per method: the tenant's donation rate for the method, else
 * the payment method's own fee; the counter carries no gateway fee (as payments' quote()).
 */
export async function donationFeeTerms(
  db: Db,
  tenant: Tenant,
  settings: DonationSettings,
  locale: Locale,
  /** For display only (a form shown, not a gift charged): the payment methods' copy kept for 10 s. */
  shown = false,
): Promise<GivingTerms['fees']> {
  const options = (await enabledOptions(db, tenant.id, locale, { shown })).filter((o) =>
    methodAvailable(o.method, tenant.currency.code),
  );
  const rates: FeeRates = {};
  const methods: FeeMethod[] = [];
  for (const option of options) {
    const method = option.method as FeeMethod;
    methods.push(method);
    if (method === 'counter') continue;
    rates[method] = settings.feeRates[method] ?? { rateBps: option.feeRateBp, fixedMinor: option.feeFixed };
  }
  return { rates, methods };
}

/** The invoice line's text in the three languages: the campaign, the type, the covered fee. */
function lineDescription(
  campaign: GivingCampaign,
  line: SubmittedLine,
  feeMinor: number,
  tenant: Tenant,
): Partial<LocalizedText> {
  const description: Partial<LocalizedText> = {};
  for (const locale of LOCALES) {
    const t = translator(locale);
    const params = { campaign: localized(campaign.title, locale), count: line.count ?? 1 };
    let text =
      line.type === 'weekly'
        ? t('donation.checkout.lineWeekly', params)
        : line.type === 'monthly'
          ? t('donation.checkout.lineMonthly', params)
          : t('donation.checkout.lineOneTime', params);
    if (feeMinor > 0) text += ` ${t('donation.checkout.lineFee', { fee: formatMoney(feeMinor, tenant.currency) })}`;
    description[locale] = text;
  }
  return description;
}

/**
 * The first unpaid limit this checkout would pass (contact, then address, then tenant), with the
 * seconds until its oldest counted checkout leaves the window; null when none is reached.
 */
async function unpaidLimitReached(
  tx: Db,
  tenantId: string,
  who: { contacts: readonly string[]; clientHash: string },
  now: Date,
): Promise<{ limited: UnpaidLimitScope; retryAfterSeconds: number } | null> {
  const { windowMs } = DONATION_UNPAID_LIMITS;
  const counts = await unpaidCheckouts(tx, tenantId, who, new Date(now.getTime() - windowMs));
  const checks: [UnpaidLimitScope, number][] = [
    ['contact', DONATION_UNPAID_LIMITS.perContact],
    ['address', DONATION_UNPAID_LIMITS.perAddress],
    ['tenant', DONATION_UNPAID_LIMITS.perTenant],
  ];
  for (const [scope, limit] of checks) {
    const { count, oldest } = counts[scope];
    if (count < limit) continue;
    const freesAt = (oldest ?? now).getTime() + windowMs;
    return { limited: scope, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) };
  }
  return null;
}

/** Checks the lines, then creates the donation set and its invoice once per idempotency key. */
export async function startDonationCheckout(db: Db, input: DonationCheckoutInput): Promise<DonationCheckoutResult> {
  const { tenant, lines, donor } = input;
  const now = input.now ?? new Date();
  // A filled honeypot: a bot. Nothing is written and nothing says why.
  if (donor.website && donor.website.trim() !== '') return { ok: false, reason: 'honeypot' };

  const firstKey = `${donor.idempotencyKey}:0`;
  const existing = await invoiceOfIdempotencyKey(db, tenant.id, firstKey);
  if (existing) return { ok: true, invoicePublicId: existing, replayed: true };

  const { known } = input;
  const settings = known?.settings ?? (await donationSettings(db, tenant));
  const onlyKnown = known !== undefined && lines.every((line) => line.campaignId === known.campaign.id);
  const found = onlyKnown
    ? [known.campaign]
    : await givingCampaignsByIds(
        db,
        tenant.id,
        lines.map((line) => line.campaignId),
      );
  const byId = new Map(found.map((campaign) => [campaign.id, campaign]));
  for (const [index, line] of lines.entries()) {
    const campaign = byId.get(line.campaignId);
    const options = campaign ? givingOptionsOf(campaign, settings, now) : null;
    const problem = options ? lineProblem(line, options) : ('donation.form.campaignClosed' as const);
    // Too large: the answer names the largest gift taken (the campaign's or the tenant's).
    if (problem === 'donation.form.amountTooLarge') {
      return { ok: false, reason: 'line_problem', index, problem, maxAmountMinor: options?.maxAmountMinor ?? null };
    }
    if (problem) return { ok: false, reason: 'line_problem', index, problem };
  }
  // Issue 13: a line through a fundraiser needs that fundraiser live, open and under its campaign.
  const attributed = await givingFundraisersByIds(
    db,
    tenant.id,
    lines.flatMap((line) => (line.fundraiserId ? [line.fundraiserId] : [])),
  );
  const fundraiserById = new Map(attributed.map((f) => [f.id, f]));
  for (const [index, line] of lines.entries()) {
    if (!line.fundraiserId) continue;
    const fundraiser = fundraiserById.get(line.fundraiserId);
    const open =
      fundraiser?.status === 'live' &&
      fundraiser.campaignId === line.campaignId &&
      (fundraiser.endsAt === null || fundraiser.endsAt.getTime() > now.getTime());
    if (!open) return { ok: false, reason: 'line_problem', index, problem: 'donation.form.campaignClosed' };
  }

  // The address is kept only as a hash with the tenant: enough to count, not to know it.
  const clientHash = createHash('sha256').update(`${tenant.id}:${input.clientIp}`).digest('hex').slice(0, 32);
  const contacts = donor.email ? [donor.phone, donor.email] : [donor.phone];

  const fees = known?.fees ?? (await donationFeeTerms(db, tenant, settings, input.locale));
  const feeFor = feeForMethods(fees.rates, fees.methods);
  const today = zonedDate(now, tenant.timeZone);
  const donorRow = {
    donorName: donor.name,
    anonymous: donor.anonymous,
    phone: donor.phone,
    email: donor.email,
    customerId: input.customerId,
    address: donor.address,
    taxReceipt: donor.taxReceipt && settings.issuesTaxReceipts,
    taxId: donor.taxReceipt && settings.issuesTaxReceipts ? donor.taxId : null,
    locale: input.locale,
  };

  try {
    const made = await transaction(
      db,
      async (tx): Promise<{ invoicePublicId: string } | { limited: UnpaidLimitScope; retryAfterSeconds: number }> => {
        // One contact's checkouts one after another, so parallel attempts cannot all slip under the limit.
        for (const contact of contacts) await lockDonorContact(tx, tenant.id, contact);
        const limited = await unpaidLimitReached(tx, tenant.id, { contacts, clientHash }, now);
        if (limited) return limited;
        const plans: NewPlan[] = [];
        const donationRows: NewDonation[] = [];
        const instalments: NewInstalment[] = [];
        const checkoutLines: CheckoutLine[] = [];
        const prepared = lines.map((line) => {
          const amounts = lineAmounts(line, feeFor);
          const donationId = randomUUID();
          const campaign = byId.get(line.campaignId) as GivingCampaign;
          checkoutLines.push({
            description: lineDescription(campaign, line, amounts.feeMinor, tenant),
            quantity: 1,
            unitAmount: amounts.chargeMinor,
            source: { kind: 'donation', id: donationId },
          });
          return { line, amounts, donationId };
        });
        const invoice = await startCheckoutIn(tx, {
          tenantId: tenant.id,
          currency: tenant.currency,
          kind: 'donation',
          lines: checkoutLines,
          contact: {
            name: donor.name ?? translator(input.locale)('donation.anonymous'),
            phone: donor.phone,
            email: donor.email,
          },
          customerId: input.customerId,
          locale: input.locale,
          // A card that pays a weekly or monthly gift is kept for its later instalments (H7's plans).
          savesPaymentMethod: lines.some((line) => line.type !== 'one-time'),
          // Unpaid after a week, it expires and its gifts end (effects.server.ts).
          dueAt: new Date(now.getTime() + DONATION_PAY_WITHIN_MS),
        });
        for (const [index, { line, amounts, donationId }] of prepared.entries()) {
          let planId: string | null = null;
          if (line.type !== 'one-time') {
            const count = line.count as number;
            const dueDates = scheduleDates(today, line.type, count);
            planId = randomUUID();
            plans.push({
              ...donorRow,
              id: planId,
              tenantId: tenant.id,
              publicId: newPublicId(),
              campaignId: line.campaignId,
              frequency: line.type,
              count,
              amountMinor: amounts.amountMinor,
              feeMinor: amounts.feeMinor,
              // Set from the first payment when it settles (the donor picks the method after checkout).
              method: 'card',
              anchorDate: today,
              nextChargeOn: dueDates[1] ?? null,
              // Every later instalment's gift is given through the same fundraiser and team.
              fundraiserId: line.fundraiserId ?? null,
              fundraiserTeamId: line.fundraiserId ? (fundraiserById.get(line.fundraiserId)?.teamId ?? null) : null,
            });
            for (const [seq, dueOn] of dueDates.entries()) {
              instalments.push({
                planId: planId as string,
                tenantId: tenant.id,
                seq: seq + 1,
                dueOn,
                invoiceId: seq === 0 ? invoice.id : null,
                donationId: seq === 0 ? donationId : null,
                status: seq === 0 ? 'invoiced' : 'scheduled',
              });
            }
          }
          donationRows.push({
            ...donorRow,
            id: donationId,
            tenantId: tenant.id,
            publicId: newPublicId(),
            campaignId: line.campaignId,
            invoiceId: invoice.id,
            planId,
            instalmentSeq: planId ? 1 : null,
            amountMinor: amounts.amountMinor,
            feeMinor: amounts.feeMinor,
            message: donor.message,
            idempotencyKey: `${donor.idempotencyKey}:${index}`,
            clientHash,
            createdAt: now,
            fundraiserId: line.fundraiserId ?? null,
            fundraiserTeamId: line.fundraiserId ? (fundraiserById.get(line.fundraiserId)?.teamId ?? null) : null,
          });
        }
        await insertCheckoutRows(tx, { plans, donations: donationRows, instalments });
        return { invoicePublicId: invoice.publicId };
      },
      { name: 'donation-checkout' },
    );
    if ('limited' in made) {
      return { ok: false, reason: 'rate_limited', scope: made.limited, retryAfterSeconds: made.retryAfterSeconds };
    }
    return { ok: true, invoicePublicId: made.invoicePublicId, replayed: false };
  } catch (error) {
    // The same key submitted twice at once: the other request made the set; answer with it.
    if (isUniqueViolation(error) === 'donations_tenant_idempotency_key') {
      const made = await invoiceOfIdempotencyKey(db, tenant.id, firstKey);
      if (made) return { ok: true, invoicePublicId: made, replayed: true };
    }
    throw error;
  }
}
