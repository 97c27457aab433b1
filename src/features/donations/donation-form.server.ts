// The donation form and the cart's checkout as pages use them (issue 12): what the form shows for a
// campaign, and a posted form or cart turned into a donation invoice, or into the errors to show
// in the visitor's language (the form works without JavaScript: the server renders them).
import { randomUUID } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { localized } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import { timeZoneCountry } from '#lib/time-zones.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { fieldProblems, readFormInput } from '#server/http.ts';
import type { GivingOptions } from './cart';
import { donationFeeTerms, type GivingTerms, givingOptionsOf, startDonationCheckout } from './checkout.server';
import { donationSettings, findGivingCampaign } from './checkout-repo.server';
import { checkoutLinesSchema, dialCodeOf, donorSchema, fieldErrors, formGiftSchema } from './donation-form.schema';
import type { FeeMethod, FeeRates } from './fees';

export interface DonationFormData {
  campaign: { id: string; publicId: string; title: string; summary: string };
  offer: GivingOptions;
  suggestedAmounts: number[];
  /** What "cover the fees" grosses up by: the rates of the enabled methods. */
  fees: { rates: FeeRates; methods: FeeMethod[] };
  issuesTaxReceipts: boolean;
  /** The tenant's today, the first gift's day. */
  today: string;
  /** Abbreviated month names of the visitor's language, for `dd Mon yyyy`. */
  monthNames: string[];
}

/** The form of a campaign by its public id; null when there is no such campaign. */
export async function donationFormData(
  db: Db,
  tenant: Tenant,
  publicId: string,
  locale: Locale,
  now = new Date(),
): Promise<DonationFormData | null> {
  return (await donationFormTerms(db, tenant, publicId, locale, now))?.data ?? null;
}

/** The form of a campaign and what it was made from (handed to the checkout of the same request). */
export async function donationFormTerms(
  db: Db,
  tenant: Tenant,
  publicId: string,
  locale: Locale,
  now = new Date(),
  /** Only shown (a GET): the fees may come from the payment methods' copy kept for 10 s; a post reads afresh. */
  { shown = false }: { shown?: boolean } = {},
): Promise<{ data: DonationFormData; terms: GivingTerms } | null> {
  if (publicId.length > 100) return null;
  const campaign = await findGivingCampaign(db, tenant.id, publicId);
  if (!campaign || campaign.status === 'draft') return null;
  const settings = await donationSettings(db, tenant);
  const fees = await donationFeeTerms(db, tenant, settings, locale, shown);
  const offer = givingOptionsOf(campaign, settings, now);
  const data: DonationFormData = {
    campaign: {
      id: campaign.id,
      publicId: campaign.publicId,
      title: localized(campaign.title, locale),
      summary: localized(campaign.summary, locale),
    },
    offer,
    suggestedAmounts: campaign.suggestedAmounts.filter(
      (amount) => amount >= offer.minAmountMinor && (offer.maxAmountMinor === null || amount <= offer.maxAmountMinor),
    ),
    fees,
    issuesTaxReceipts: settings.issuesTaxReceipts,
    today: zonedDate(now, tenant.timeZone),
    monthNames: Array.from(
      { length: 12 },
      (_, month) => formatDate(Date.UTC(2026, month, 15), locale, 'UTC').split(' ')[1] ?? '',
    ),
  };
  return { data, terms: { campaign, settings, fees } };
}

export type SubmitResult =
  | { ok: true; invoicePublicId: string }
  | { ok: false; status: number; error: string; fields: Record<string, string> };

interface SubmitContext {
  tenant: Tenant;
  locale: Locale;
  t: Translate;
  customerId: string | null;
  clientIp: string;
  /** Issue 13: the form sits on a fundraiser's page (resolved by the server from its address). */
  fundraiserId?: string;
  /** What the page read for its campaign on this request: the checkout does not read it again. */
  known?: GivingTerms;
}

function translateFields(errors: Record<string, string>, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, t(key as MessageKey)]));
}

function refused(status: number, error: string, fields: Record<string, string> = {}): SubmitResult {
  return { ok: false, status, error, fields };
}

async function submitLines(
  db: Db,
  context: SubmitContext,
  lines: Parameters<typeof startDonationCheckout>[1]['lines'],
  donor: Parameters<typeof startDonationCheckout>[1]['donor'],
  lineField: (index: number) => string,
): Promise<SubmitResult> {
  const { t } = context;
  const result = await startDonationCheckout(db, {
    tenant: context.tenant,
    lines,
    donor,
    customerId: context.customerId,
    locale: context.locale,
    clientIp: context.clientIp,
    ...(context.known ? { known: context.known } : {}),
  });
  if (result.ok) return { ok: true, invoicePublicId: result.invoicePublicId };
  if (result.reason === 'honeypot') return refused(400, t('donation.form.rejected'));
  if (result.reason === 'rate_limited') {
    const count = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    // The donor's own unpaid checkouts: they can pay one; else too many from this address or site.
    const key = result.scope === 'contact' ? 'donation.form.unpaidLimit' : 'donation.form.rateLimited';
    return refused(429, t(key, { count }));
  }
  const message =
    result.problem === 'donation.form.amountTooLarge' && typeof result.maxAmountMinor === 'number'
      ? t('donation.form.amountAboveMax', { max: formatMoney(result.maxAmountMinor, context.tenant.currency) })
      : t(result.problem);
  return refused(422, message, { [lineField(result.index)]: message });
}

function dialCode(tenant: Tenant): string {
  return dialCodeOf(timeZoneCountry(tenant.timeZone) ?? 'MY');
}

/** `POST /donation/{id}/form` ("Donate now"): one gift, straight to its invoice. */
export async function submitDonationForm(
  db: Db,
  context: SubmitContext,
  fields: Record<string, string>,
): Promise<SubmitResult> {
  const { t } = context;
  const gift = formGiftSchema(context.tenant.currency).safeParse(fields);
  const donor = donorSchema(dialCode(context.tenant)).safeParse(fields);
  if (!gift.success || !donor.success) {
    const errors = {
      ...(gift.success ? {} : fieldErrors(gift.error)),
      ...(donor.success ? {} : fieldErrors(donor.error)),
    };
    return refused(400, t('donation.form.fixErrors'), translateFields(errors, t));
  }
  const line = context.fundraiserId ? { ...gift.data, fundraiserId: context.fundraiserId } : gift.data;
  return submitLines(db, context, [line], donor.data, () => 'customAmount');
}

/** `POST /donation/{id}/checkout`: the cart's lines (`line.N.*`) and the donor, to one invoice. */
export async function submitDonationCart(
  db: Db,
  context: SubmitContext,
  fields: Record<string, string>,
): Promise<SubmitResult> {
  const { t } = context;
  const lines = checkoutLinesSchema().safeParse(fields);
  const donor = donorSchema(dialCode(context.tenant)).safeParse(fields);
  if (!lines.success || !donor.success) {
    const errors = {
      ...(lines.success ? {} : fieldErrors(lines.error)),
      ...(donor.success ? {} : fieldErrors(donor.error)),
    };
    const translated = translateFields(errors, t);
    return refused(400, Object.values(translated)[0] ?? t('donation.form.fixErrors'), translated);
  }
  return submitLines(db, context, lines.data, donor.data, (index) => `line.${index}`);
}

/** What a donation page shows after its request: the accepted gift's invoice, or the form. */
export interface DonationPostAnswer {
  /** The post was accepted: the page goes on to this invoice's payment. */
  invoicePublicId: string | null;
  status: number;
  /** The refused post's fields, shown again (honeypot and key left out). */
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  /** A refused post made nothing: its own key may be posted again once corrected; else a new one. */
  idempotencyKey: string;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The POST glue of every page with the donation form (the form, its embed, a fundraiser's give
 * form, the cart's checkout): a GET is a fresh form; a POST is read, submitted (`cart`: the
 * cart's lines) and answered. `closed`: the form takes no gifts now (a closed fundraiser page).
 */
export async function answerDonationPost(
  db: Db,
  context: SubmitContext,
  request: Request,
  options: { cart?: boolean; closed?: string | null } = {},
): Promise<DonationPostAnswer> {
  const answer: DonationPostAnswer = {
    invoicePublicId: null,
    status: 200,
    values: {},
    errors: {},
    formError: null,
    idempotencyKey: randomUUID(),
  };
  if (request.method !== 'POST') return answer;
  // A field holding NUL or text that is not UTF-8 is marked on the form shown again with every
  // value typed (NUL taken out), like any other field error; nothing is submitted.
  const { values, invalid } = await readFormInput(request);
  if (Object.keys(invalid).length > 0) {
    answer.status = 400;
    answer.errors = fieldProblems({ values, invalid, problem: null }, context.t);
    answer.formError = context.t('donation.form.fixErrors');
  } else if (options.closed) {
    answer.status = 409;
    answer.formError = options.closed;
  } else {
    const result = await (options.cart ? submitDonationCart : submitDonationForm)(db, context, values);
    if (result.ok) return { ...answer, invoicePublicId: result.invoicePublicId };
    answer.status = result.status;
    answer.errors = result.fields;
    answer.formError = result.error;
  }
  if (values.idempotencyKey && IDEMPOTENCY_KEY.test(values.idempotencyKey))
    answer.idempotencyKey = values.idempotencyKey;
  delete values.website;
  delete values.idempotencyKey;
  answer.values = values;
  return answer;
}
