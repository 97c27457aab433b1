import { useEffect, useRef, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { ADDRESS_FIELDS } from '#lib/address.ts';
import { type Currency, formatMoney, toMinorUnits } from '#lib/money.ts';
import { $donationCart, MAX_DONATION_CART_LINES, setDonationCart } from '#stores/carts.ts';
import { amountAsTyped, fill } from '../amount-text';
import { addLine, type DonationType, type GivingOptions, lineProblem, offeredTypes } from '../cart';
import { type FormValues, schedulePreview } from '../donation-form';
import { coverFeeForAnyMethod, type FeeMethod, type FeeRates } from '../fees';
import { CheckboxLine } from './CheckboxLine';
import { DONOR_FIELD_KEYS, DonorFields } from './DonorFields';
import { GiftAmountFields } from './GiftAmountFields';
import { GiftTypeFields } from './GiftTypeFields';

export const DONATION_FORM_MESSAGE_KEYS = [
  'donation.form.amount',
  'donation.form.customAmount',
  'donation.form.limits',
  'donation.form.limitsRange',
  'donation.form.type',
  'donation.form.oneTime',
  'donation.form.weekly',
  'donation.form.monthly',
  'donation.form.weeks',
  'donation.form.months',
  'donation.form.previewOneTime',
  'donation.form.previewWeekly',
  'donation.form.previewMonthly',
  'donation.form.previewFee',
  ...DONOR_FIELD_KEYS,
  'donation.form.coverFees',
  'donation.form.coverFeesPlain',
  'donation.form.donateNow',
  'donation.form.addToCart',
  'donation.form.honeypot',
  'donation.form.amountInvalid',
  'donation.form.amountTooSmall',
  'donation.form.amountTooLarge',
  'donation.form.amountAboveMax',
  'donation.form.typeUnavailable',
  'donation.form.countUnavailable',
  'donation.form.coverFeesUnavailable',
  'donation.form.campaignClosed',
  'donation.cart.full',
] as const;
type Key = (typeof DONATION_FORM_MESSAGE_KEYS)[number];

interface Props {
  action: string;
  checkoutPath: string;
  /** False inside an embed: the cart lives in the site's own storage. */
  allowCart?: boolean;
  campaign: { id: string; publicId: string; title: string };
  /** Issue 13: the form sits on this fundraiser's page; its cart line is given through them. */
  fundraiser?: { id: string; name: string };
  offer: GivingOptions;
  suggestedAmounts: number[];
  currency: Currency;
  fees: { rates: FeeRates; methods: FeeMethod[] };
  issuesTaxReceipts: boolean;
  today: string;
  locale: Locale;
  monthNames: string[];
  values: FormValues;
  errors: Record<string, string>;
  formError: string | null;
  idempotencyKey: string;
  messages: Record<Key, string>;
}

/**
 * The donation form (issue 12). Rendered by the server as a plain form that posts without
 * JavaScript ("Donate now"); once hydrated it adds the live schedule preview, the exact covered
 * fee, and "Add to cart" (the cart lives in this browser's storage).
 */
export default function DonationForm(props: Props) {
  const { offer, currency, values, errors, messages: m } = props;
  const types = offeredTypes(offer);
  const [hydrated, setHydrated] = useState(false);
  const [amount, setAmount] = useState(
    values.amount ??
      (props.suggestedAmounts[0] !== undefined ? amountAsTyped(props.suggestedAmounts[0], currency) : ''),
  );
  const [customAmount, setCustomAmount] = useState(values.customAmount ?? '');
  const [type, setType] = useState<DonationType>((values.type as DonationType) ?? types[0] ?? 'one-time');
  const [weeklyCount, setWeeklyCount] = useState(values.weeklyCount ?? String(offer.weeklyCounts[0] ?? ''));
  const [monthlyCount, setMonthlyCount] = useState(values.monthlyCount ?? String(offer.monthlyCounts[0] ?? ''));
  const [coverFees, setCoverFees] = useState(values.coverFees === 'on');
  const [taxReceipt, setTaxReceipt] = useState(values.taxReceipt === 'on');
  const [cartError, setCartError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The island hydrates on the first touch (client:interaction): what the visitor chose before the
  // script arrived is in the DOM (hydration keeps it), so the state starts from there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount: the DOM read is the point
  useEffect(() => {
    const form = formRef.current;
    if (form) {
      const data = new FormData(form);
      const text = (name: string) => {
        const value = data.get(name);
        return typeof value === 'string' ? value : null;
      };
      const chosen = text('amount');
      if (chosen !== null) setAmount(chosen);
      setCustomAmount(text('customAmount') ?? '');
      const chosenType = text('type');
      if (chosenType && types.includes(chosenType as DonationType)) setType(chosenType as DonationType);
      const weeks = text('weeklyCount');
      if (weeks) setWeeklyCount(weeks);
      const months = text('monthlyCount');
      if (months) setMonthlyCount(months);
      setCoverFees(text('coverFees') === 'on');
      setTaxReceipt(text('taxReceipt') === 'on');
    }
    setHydrated(true);
  }, []);

  const typed = customAmount.trim() ? customAmount : amount;
  const amountMinor = typed.trim() ? toMinorUnits(typed, currency) : null;
  const count =
    type === 'weekly'
      ? Number(weeklyCount) || undefined
      : type === 'monthly'
        ? Number(monthlyCount) || undefined
        : undefined;
  const fee =
    amountMinor && amountMinor > 0 ? coverFeeForAnyMethod(amountMinor, props.fees.rates, props.fees.methods) : 0;
  const preview =
    hydrated && amountMinor && amountMinor > 0
      ? schedulePreview(
          {
            amount: formatMoney(amountMinor, currency),
            type,
            count,
            fee: coverFees && fee > 0 ? formatMoney(fee, currency) : null,
          },
          props.today,
          props.monthNames,
          m,
          props.locale,
        )
      : '';
  const limits =
    offer.maxAmountMinor === null
      ? fill(m['donation.form.limits'], { min: formatMoney(offer.minAmountMinor, currency) })
      : fill(m['donation.form.limitsRange'], {
          min: formatMoney(offer.minAmountMinor, currency),
          max: formatMoney(offer.maxAmountMinor, currency),
        });

  function addToCart(event: { preventDefault(): void; currentTarget: { form: HTMLFormElement | null } }) {
    event.preventDefault();
    const form = event.currentTarget.form;
    if (!form) return;
    if (amountMinor === null || amountMinor <= 0) return setCartError(m['donation.form.amountInvalid']);
    const line = {
      campaignId: props.campaign.id,
      amountMinor,
      type,
      ...(count ? { count } : {}),
      coverFees,
      ...(props.fundraiser ? { fundraiserId: props.fundraiser.id } : {}),
    };
    const problem = lineProblem(line, offer);
    if (problem === 'donation.form.amountTooLarge' && offer.maxAmountMinor !== null) {
      return setCartError(
        fill(m['donation.form.amountAboveMax'], { max: formatMoney(offer.maxAmountMinor, currency) }),
      );
    }
    if (problem) return setCartError(m[problem]);
    if (!form.reportValidity()) return;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const current = $donationCart.get();
    const lines = addLine(
      current?.lines ?? [],
      {
        ...line,
        title: props.campaign.title,
        publicId: props.campaign.publicId,
        offer,
        ...(props.fundraiser ? { fundraiserName: props.fundraiser.name } : {}),
      },
      MAX_DONATION_CART_LINES,
    );
    if (!lines) return setCartError(m['donation.cart.full']);
    const donor: Record<string, string | boolean> = {
      anonymous: data.get('anonymous') === 'on',
      taxReceipt: taxReceipt,
    };
    for (const name of ['name', 'phone', 'email', 'message', ...ADDRESS_FIELDS, 'taxId']) {
      donor[name] = text(name);
    }
    setDonationCart({ lines, donor });
    window.location.assign(props.checkoutPath);
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      className="grid gap-6"
      noValidate={false}
      data-donation-form
      data-hydrated={hydrated ? '' : undefined}
    >
      {props.formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {props.formError}
        </p>
      )}
      <input type="hidden" name="campaignId" value={props.campaign.id} />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <GiftAmountFields
        suggestedAmounts={props.suggestedAmounts}
        currency={currency}
        amount={amount}
        customAmount={customAmount}
        onAmount={setAmount}
        onCustomAmount={setCustomAmount}
        limits={limits}
        errors={errors}
        messages={m}
      />

      {types.length > 0 && (
        <GiftTypeFields
          types={types}
          offer={offer}
          type={type}
          onType={setType}
          weeklyCount={weeklyCount}
          monthlyCount={monthlyCount}
          onWeeklyCount={setWeeklyCount}
          onMonthlyCount={setMonthlyCount}
          hydrated={hydrated}
          errors={errors}
          messages={m}
        />
      )}

      {offer.coverFeesAllowed && props.fees.methods.length > 0 && (
        <CheckboxLine
          name="coverFees"
          checked={coverFees}
          onChecked={setCoverFees}
          className="flex items-start gap-3 rounded-lg bg-gray-50 p-3 text-gray-900"
          boxClassName="mt-1 h-4 w-4"
        >
          <span>
            {hydrated && fee > 0
              ? fill(m['donation.form.coverFees'], { fee: formatMoney(fee, currency) })
              : m['donation.form.coverFeesPlain']}
          </span>
        </CheckboxLine>
      )}

      {preview && (
        <p
          className="rounded-lg border border-primary bg-primary-soft px-4 py-3 font-medium text-gray-900"
          aria-live="polite"
          data-schedule-preview
        >
          {preview}
        </p>
      )}

      <DonorFields
        values={values}
        errors={errors}
        messages={m}
        issuesTaxReceipts={props.issuesTaxReceipts}
        hydrated={hydrated}
        taxReceipt={taxReceipt}
        onTaxReceipt={setTaxReceipt}
      />

      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="donation-website">{m['donation.form.honeypot']}</label>
        <input id="donation-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {cartError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {cartError}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          name="intent"
          value="donate"
          className="rounded-lg bg-primary px-6 py-3 text-lg font-semibold text-on-primary hover:bg-primary-dark"
        >
          {m['donation.form.donateNow']}
        </button>
        {hydrated && (
          <button
            type="button"
            onClick={addToCart}
            className="rounded-lg border border-primary px-6 py-3 text-lg font-semibold text-primary-strong hover:bg-primary-soft"
          >
            {m['donation.form.addToCart']}
          </button>
        )}
      </div>
    </form>
  );
}
