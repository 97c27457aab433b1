import { useId, useState } from 'react';
import type { Locale } from '../../../i18n/locales';
import type { MessageKey } from '../../../i18n/t';
import { type Currency, formatMoney } from '../../../lib/money';
import type { PayOption } from '../payment-options';
import type { PaymentMethod } from '../provider';

/** The strings this island needs; the page passes `pick(locale, PAY_MESSAGE_KEYS)`. */
export const PAY_MESSAGE_KEYS = [
  'invoice.payWith',
  'invoice.method.card',
  'invoice.method.fpx',
  'invoice.method.counter',
  'invoice.coverFees',
  'invoice.pay',
  'invoice.confirmCounter',
  'invoice.paying',
  'invoice.counterChosen',
  'invoice.cardDetails',
  'invoice.confirmPay',
  'invoice.total',
  'verify.title',
  'error.request',
] as const satisfies readonly MessageKey[];
type Messages = Record<(typeof PAY_MESSAGE_KEYS)[number], string>;

export type { PayOption };

interface Props {
  publicId: string;
  displayNumber: string;
  subtotal: number;
  currency: Currency;
  options: PayOption[];
  locale: Locale;
  messages: Messages;
}

type Stage =
  | { kind: 'choose' }
  | { kind: 'counter'; instructions: string | null; verifyUrl: string }
  | { kind: 'stripe'; clientSecret: string; publishableKey: string; returnUrl: string };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** Choose a payment option (and whether to cover the fee), then continue with the provider. */
export default function PayInvoice({
  publicId,
  displayNumber,
  subtotal,
  currency,
  options,
  locale,
  messages: m,
}: Props) {
  const [method, setMethod] = useState<PaymentMethod>(options[0]?.method ?? 'card');
  const [coverFees, setCoverFees] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const id = useId();
  const option = options.find((o) => o.method === method);
  const fee = coverFees && option ? option.coverFee : 0;
  const total = formatMoney(subtotal + fee, currency);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/invoices/${publicId}/payments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': locale },
        body: JSON.stringify({ method, coverFees }),
      });
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        setError(String(data.error ?? m['error.request']));
        return;
      }
      if (data.kind === 'redirect') {
        window.location.assign(String(data.url));
        return;
      }
      if (data.kind === 'offline') {
        setStage({
          kind: 'counter',
          instructions: (data.instructions as string | null) ?? null,
          verifyUrl: String(data.verifyUrl),
        });
        return;
      }
      if (data.kind === 'client_secret') {
        setStage({
          kind: 'stripe',
          clientSecret: String(data.clientSecret),
          publishableKey: String(data.publishableKey),
          returnUrl: String(data.verifyUrl),
        });
      }
    } catch {
      setError(m['error.request']);
    } finally {
      setBusy(false);
    }
  }

  const errorBox = error && (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );

  if (stage.kind === 'counter') {
    return (
      <div className="grid gap-3 rounded-xl border border-gray-200 bg-gray-50 p-4" role="status">
        <p className="font-medium text-gray-900">{fill(m['invoice.counterChosen'], { number: displayNumber })}</p>
        {stage.instructions && <p className="text-sm text-gray-700">{stage.instructions}</p>}
        <p className="text-sm text-gray-800">
          {m['invoice.total']}: <span className="font-semibold tabular-nums">{total}</span>
        </p>
        <a href={stage.verifyUrl} className="text-sm text-primary-strong underline">
          {m['verify.title']}
        </a>
      </div>
    );
  }

  if (stage.kind === 'stripe') {
    return <StripeCheckout {...stage} locale={locale} messages={m} />;
  }

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-gray-900">{m['invoice.payWith']}</legend>
        {options.map((o) => (
          <label
            key={o.method}
            className={`flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${
              method === o.method ? 'border-primary bg-primary-soft' : 'border-gray-300'
            }`}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={o.method}
              checked={method === o.method}
              onChange={() => setMethod(o.method)}
              className="accent-[var(--primary)]"
            />
            <span className="font-medium text-gray-900">{m[`invoice.method.${o.method}`]}</span>
          </label>
        ))}
      </fieldset>
      {option && option.coverFee > 0 && (
        <label className="flex items-start gap-3 text-sm text-gray-800">
          <input
            type="checkbox"
            checked={coverFees}
            onChange={(e) => setCoverFees(e.target.checked)}
            className="mt-1 accent-[var(--primary)]"
          />
          <span>{fill(m['invoice.coverFees'], { fee: formatMoney(option.coverFee, currency) })}</span>
        </label>
      )}
      {errorBox}
      <button
        type="button"
        onClick={pay}
        disabled={busy}
        className="rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary hover:bg-primary-dark disabled:cursor-wait disabled:opacity-70"
      >
        {busy
          ? m['invoice.paying']
          : method === 'counter'
            ? m['invoice.confirmCounter']
            : fill(m['invoice.pay'], { amount: total })}
      </button>
    </div>
  );
}

/** Stripe's Payment Element, loaded only at this step (its script is Stripe's, outside our budget). */
function StripeCheckout({
  clientSecret,
  publishableKey,
  returnUrl,
  locale,
  messages: m,
}: {
  clientSecret: string;
  publishableKey: string;
  returnUrl: string;
  locale: Locale;
  messages: Messages;
}) {
  const [state, setState] = useState<'loading' | 'ready' | 'confirming'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [stripe, setStripe] = useState<{ confirm: () => Promise<string | null> } | null>(null);

  async function mount(node: HTMLDivElement | null) {
    if (!node || stripe) return;
    try {
      const { loadStripe } = await import('@stripe/stripe-js');
      const instance = await loadStripe(publishableKey, {
        locale: locale === 'id' ? 'id' : locale === 'ms' ? 'ms' : 'en',
      });
      if (!instance) throw new Error('stripe unavailable');
      const elements = instance.elements({ clientSecret });
      elements.create('payment').mount(node);
      setStripe({
        confirm: async () => {
          const result = await instance.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
          return result.error?.message ?? null;
        },
      });
      setState('ready');
    } catch {
      setError(m['error.request']);
    }
  }

  return (
    <div className="grid gap-4">
      <p className="font-semibold text-gray-900">{m['invoice.cardDetails']}</p>
      <div ref={(node) => void mount(node)} aria-busy={state === 'loading'} />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <button
        type="button"
        disabled={state !== 'ready'}
        onClick={async () => {
          if (!stripe) return;
          setState('confirming');
          const message = await stripe.confirm();
          if (message) setError(message);
          setState('ready');
        }}
        className="rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary disabled:opacity-70"
      >
        {m['invoice.confirmPay']}
      </button>
    </div>
  );
}
