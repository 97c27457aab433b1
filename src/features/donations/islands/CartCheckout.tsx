import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { controlClass, errorClass, labelClass } from '#components/fields/field-styles.ts';
import { type Currency, formatMoney, toMinorUnits } from '#lib/money.ts';
import { $donationCart, type DonationCartLine, removeAllCarts, setDonationCart } from '#stores/carts.ts';
import { amountAsTyped, fill } from '../amount-text';
import {
  allowedCounts,
  cartTotals,
  type DonationType,
  feeForMethods,
  type GivingOptions,
  lineAmounts,
  lineProblem,
  offeredTypes,
  removeLine,
  updateLine,
} from '../cart';
import type { FeeMethod, FeeRates } from '../fees';
import { CheckboxLine } from './CheckboxLine';
import { DONOR_CONTACT_KEYS } from './DonorFields';
import { typeLabel } from './GiftTypeFields';
import { countOptions, SelectField } from './SelectField';

export const CART_CHECKOUT_MESSAGE_KEYS = [
  'donation.cart.title',
  'donation.cart.empty',
  'donation.cart.remove',
  'donation.cart.removeAll',
  'donation.cart.removeAllLabel',
  'donation.cart.removedAll',
  'donation.cart.removed',
  'donation.cart.amountLabel',
  'donation.cart.dueNow',
  'donation.cart.pledged',
  'donation.cart.addAnother',
  'donation.cart.continue',
  'donation.cart.loading',
  'donation.cart.withFee',
  'donation.cart.through',
  'donation.form.oneTime',
  'donation.form.weekly',
  'donation.form.monthly',
  'donation.form.weeks',
  'donation.form.months',
  'donation.form.type',
  'donation.form.coverFeesPlain',
  ...DONOR_CONTACT_KEYS,
  'donation.form.honeypot',
  'donation.form.amountInvalid',
  'donation.form.amountTooSmall',
  'donation.form.amountTooLarge',
  'donation.form.typeUnavailable',
  'donation.form.countUnavailable',
  'donation.form.coverFeesUnavailable',
  'donation.form.campaignClosed',
] as const;
type Key = (typeof CART_CHECKOUT_MESSAGE_KEYS)[number];

interface Props {
  action: string;
  campaignPath: string;
  idempotencyKey: string;
  currency: Currency;
  fees: { rates: FeeRates; methods: FeeMethod[] };
  error: string | null;
  fields: Record<string, string>;
  messages: Record<Key, string>;
}

const DONOR_HIDDEN = ['message', 'address_1', 'address_2', 'postcode', 'city', 'state', 'country', 'taxId'] as const;

/**
 * The donation cart at checkout (issue 12): every line (campaign, amount, type and count) to edit
 * or remove, the totals, the donor, and one post that turns it into one invoice. The cart is read
 * after mount (the server never sees it). What it shows is recomputed by the server on post.
 */
export default function CartCheckout(props: Props) {
  const { currency, messages: m } = props;
  const cart = useStore($donationCart);
  const [mounted, setMounted] = useState(false);
  // What a removal did, for screen readers (a live region present from the first render).
  const [announcement, setAnnouncement] = useState('');
  const emptyRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => setMounted(true), []);
  const feeFor = feeForMethods(props.fees.rates, props.fees.methods);
  const lines = mounted ? (cart?.lines ?? []) : [];
  // After "Remove all" the button is gone: focus goes to what replaced the list.
  useEffect(() => {
    if (mounted && lines.length === 0 && announcement) emptyRef.current?.focus();
  }, [mounted, lines.length, announcement]);
  const status = (
    <p role="status" className="sr-only" data-cart-announcement>
      {announcement}
    </p>
  );

  // The live region stays the same node whatever follows it (loading, the cart, empty).
  const withStatus = (body: ReactNode) => (
    <div>
      {status}
      {body}
    </div>
  );

  if (!mounted) return withStatus(<p className="text-gray-700">{m['donation.cart.loading']}</p>);
  const donor = (cart?.donor ?? {}) as Record<string, unknown>;
  const save = (next: DonationCartLine[], nextDonor: Record<string, unknown> = donor) =>
    setDonationCart({ lines: next, donor: nextDonor });

  if (lines.length === 0) {
    return withStatus(
      <div className="grid gap-4">
        <p ref={emptyRef} tabIndex={-1} className="text-gray-800 focus:outline-none" data-cart-empty>
          {m['donation.cart.empty']}
        </p>
        <p>
          <a href={props.campaignPath} className="text-primary-strong underline">
            {m['donation.cart.addAnother']}
          </a>
        </p>
      </div>,
    );
  }
  const totals = cartTotals(lines, feeFor);
  const text = (name: string) => (typeof donor[name] === 'string' ? (donor[name] as string) : '');

  return withStatus(
    <form method="post" action={props.action} className="grid gap-6" data-cart-checkout>
      {/* SPEC.md §4: the cart has a remove-all action (every line and the donor's details go). */}
      <div className="flex justify-end">
        <button
          type="button"
          className="rounded text-sm font-medium text-red-800 underline focus-visible:outline-2 focus-visible:outline-offset-2"
          onClick={() => {
            removeAllCarts();
            setAnnouncement(m['donation.cart.removedAll']);
          }}
          aria-label={m['donation.cart.removeAllLabel']}
          data-cart-remove-all
        >
          {m['donation.cart.removeAll']}
        </button>
      </div>
      {props.error && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {props.error}
        </p>
      )}
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <ul className="grid gap-4" aria-label={m['donation.cart.title']}>
        {lines.map((line, index) => {
          const offer = line.offer as GivingOptions | undefined;
          const title = typeof line.title === 'string' ? line.title : line.campaignId;
          // Issue 13: the fundraiser's name as the form stored it (shown only; the server re-checks the id).
          const through = line.fundraiserId
            ? typeof line.fundraiserName === 'string'
              ? line.fundraiserName
              : ''
            : null;
          const amounts = lineAmounts(line, feeFor);
          const problem = offer ? lineProblem(line, offer) : null;
          const serverError = props.fields[`line.${index}`];
          const types = offer ? offeredTypes(offer) : [line.type];
          const counts = offer ? allowedCounts(offer, line.type) : line.count ? [line.count] : [];
          const id = `line-${index}`;
          return (
            <li
              key={`${line.campaignId}-${line.type}-${line.count ?? 0}-${line.fundraiserId ?? ''}`}
              className="rounded-xl border border-gray-200 p-4"
              data-cart-line
            >
              <input type="hidden" name={`line.${index}.campaignId`} value={line.campaignId} />
              <input type="hidden" name={`line.${index}.amountMinor`} value={String(line.amountMinor)} />
              <input type="hidden" name={`line.${index}.type`} value={line.type} />
              {line.count !== undefined && (
                <input type="hidden" name={`line.${index}.count`} value={String(line.count)} />
              )}
              {line.coverFees && <input type="hidden" name={`line.${index}.coverFees`} value="on" />}
              {line.fundraiserId && (
                <input type="hidden" name={`line.${index}.fundraiserId`} value={line.fundraiserId} />
              )}
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h3 className="font-semibold text-gray-900">{title}</h3>
                  {through !== null && (
                    <p className="text-sm text-gray-700" data-cart-through>
                      {fill(m['donation.cart.through'], { name: through })}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="text-sm text-primary-strong underline"
                  onClick={() => {
                    save(removeLine(lines, index));
                    setAnnouncement(fill(m['donation.cart.removed'], { campaign: title }));
                  }}
                  aria-label={`${m['donation.cart.remove']}: ${title}`}
                >
                  {m['donation.cart.remove']}
                </button>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                <div>
                  <label htmlFor={`${id}-amount`} className={labelClass}>
                    {fill(m['donation.cart.amountLabel'], { campaign: title })}
                  </label>
                  <input
                    id={`${id}-amount`}
                    inputMode="decimal"
                    defaultValue={amountAsTyped(line.amountMinor, currency)}
                    onChange={(e) => {
                      const minor = toMinorUnits((e.currentTarget as HTMLInputElement).value, currency);
                      if (minor !== null && minor > 0) save(updateLine(lines, index, { amountMinor: minor }));
                    }}
                    className={controlClass(Boolean(problem || serverError))}
                  />
                </div>
                <SelectField
                  id={`${id}-type`}
                  label={m['donation.form.type']}
                  value={line.type}
                  options={types.map((type) => ({ value: type, label: typeLabel(type, m) }))}
                  onChange={(value) => {
                    const type = value as DonationType;
                    const first = offer ? allowedCounts(offer, type)[0] : undefined;
                    save(updateLine(lines, index, { type, count: type === 'one-time' ? undefined : first }));
                  }}
                />
                {line.type !== 'one-time' && (
                  <SelectField
                    id={`${id}-count`}
                    label={line.type === 'weekly' ? m['donation.form.weeks'] : m['donation.form.months']}
                    value={String(line.count ?? '')}
                    options={countOptions(counts)}
                    onChange={(value) => save(updateLine(lines, index, { count: Number(value) }))}
                  />
                )}
              </div>
              {(!offer || offer.coverFeesAllowed) && props.fees.methods.length > 0 && (
                <CheckboxLine
                  className="mt-3 flex items-center gap-2 text-sm text-gray-900"
                  checked={line.coverFees}
                  onChecked={(coverFees) => save(updateLine(lines, index, { coverFees }))}
                >
                  {m['donation.form.coverFeesPlain']}
                </CheckboxLine>
              )}
              <p className="mt-3 text-right font-semibold text-gray-900" data-line-charge>
                {formatMoney(amounts.chargeMinor, currency)}
                {amounts.feeMinor > 0 && (
                  <span className="ml-2 text-sm font-normal text-gray-600">
                    ({fill(m['donation.cart.withFee'], { fee: formatMoney(amounts.feeMinor, currency) })})
                  </span>
                )}
              </p>
              {(problem || serverError) && <p className={errorClass}>{serverError ?? (problem ? m[problem] : '')}</p>}
            </li>
          );
        })}
      </ul>
      <dl className="grid gap-1 rounded-xl bg-gray-50 p-4 text-gray-900">
        <div className="flex justify-between text-lg font-semibold">
          <dt>{m['donation.cart.dueNow']}</dt>
          <dd data-cart-due>{formatMoney(totals.dueNowMinor, currency)}</dd>
        </div>
        {totals.pledgedMinor !== totals.dueNowMinor && (
          <div className="flex justify-between text-sm text-gray-700">
            <dt>{m['donation.cart.pledged']}</dt>
            <dd>{formatMoney(totals.pledgedMinor, currency)}</dd>
          </div>
        )}
      </dl>
      <p>
        <a href={props.campaignPath} className="text-primary-strong underline">
          {m['donation.cart.addAnother']}
        </a>
      </p>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold text-gray-900">{m['donation.form.donor']}</legend>
        {(
          [
            ['name', m['donation.form.name'], 'text', 'name'],
            ['phone', m['phone.label'], 'tel', 'tel'],
            ['email', m['donation.form.email'], 'email', 'email'],
          ] as const
        ).map(([name, label, type, autoComplete]) => (
          <div key={name}>
            <label htmlFor={`cart-${name}`} className={labelClass}>
              {label}
            </label>
            <input
              id={`cart-${name}`}
              name={name}
              type={type}
              autoComplete={autoComplete}
              required={name === 'phone'}
              defaultValue={text(name)}
              onChange={(e) => save(lines, { ...donor, [name]: (e.currentTarget as HTMLInputElement).value })}
              aria-invalid={props.fields[name] ? true : undefined}
              aria-describedby={props.fields[name] ? `cart-${name}-error` : undefined}
              className={controlClass(Boolean(props.fields[name]))}
            />
            {props.fields[name] && (
              <p id={`cart-${name}-error`} className={errorClass}>
                {props.fields[name]}
              </p>
            )}
          </div>
        ))}
        <CheckboxLine
          name="anonymous"
          defaultChecked={donor.anonymous === true}
          onChecked={(anonymous) => save(lines, { ...donor, anonymous })}
        >
          {m['donation.form.anonymousLabel']}
        </CheckboxLine>
        {DONOR_HIDDEN.map((name) =>
          text(name) ? <input key={name} type="hidden" name={name} value={text(name)} /> : null,
        )}
        {donor.taxReceipt === true && <input type="hidden" name="taxReceipt" value="on" />}
      </fieldset>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="cart-website">{m['donation.form.honeypot']}</label>
        <input id="cart-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        className="rounded-lg bg-primary px-6 py-3 text-lg font-semibold text-on-primary hover:bg-primary-dark"
      >
        {m['donation.cart.continue']}
      </button>
    </form>,
  );
}
