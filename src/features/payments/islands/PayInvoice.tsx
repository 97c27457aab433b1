import { type FormEvent, useState } from 'react';
import Alert from '#components/ui/Alert.tsx';
import Button from '#components/ui/Button.tsx';
import ChoiceCard from '#components/ui/ChoiceCard.tsx';
import { invoicePaymentsApiPath } from '#features/invoices/index.ts';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, MessagesOf } from '#i18n/t.ts';
import { apiCallRetrying, newIdempotencyKey } from '#lib/api-retry.ts';
import { type Currency, formatMoney } from '#lib/money.ts';
import type { PayOption } from '../payment-options';
import { PaymentStartedResponse } from '../payments-api.schema';
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
  'invoice.retrying',
  'invoice.counterChosen',
  'invoice.cardDetails',
  'invoice.confirmPay',
  'invoice.total',
  'verify.title',
  'error.request',
  'error.offline',
] as const satisfies readonly MessageKey[];

export type { PayOption };

interface Props {
  /** Where the form posts without JavaScript (`/invoices/{publicId}/pay`, in the visitor's language). */
  action: string;
  /** The page the panel is on, to come back to if the payment cannot start (`?payError=`). */
  back: string;
  /** A refusal the page was sent back with (the form post's), already in the visitor's language. */
  error?: string | null;
  publicId: string;
  displayNumber: string;
  subtotal: number;
  currency: Currency;
  options: PayOption[];
  locale: Locale;
  messages: MessagesOf<typeof PAY_MESSAGE_KEYS>;
}

type Stage =
  | { kind: 'choose' }
  | { kind: 'counter'; instructions: string | null; verifyUrl: string }
  | { kind: 'stripe'; clientSecret: string; publishableKey: string; returnUrl: string };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/**
 * Choose a payment option (and whether to cover the fee), then continue with the provider. The
 * panel is a plain form (issue 23): without JavaScript it posts to `action`, which starts the
 * payment and redirects (303) to the gateway; once hydrated, the island asks the JSON endpoint
 * instead and can also open Stripe's card form or the counter's instructions in place.
 */
export default function PayInvoice({
  action,
  back,
  error: initialError = null,
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
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const option = options.find((o) => o.method === method);
  const fee = coverFees && option ? option.coverFee : 0;
  const total = formatMoney(subtotal + fee, currency);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // One key per click of Pay: a repeat after a lost answer (a reset connection in a rush) is
    // the same attempt, and the server answers it with the same payment.
    const answer = await apiCallRetrying(PaymentStartedResponse, invoicePaymentsApiPath(publicId), {
      locale,
      body: { method, coverFees },
      idempotencyKey: newIdempotencyKey(),
      onRetrying: () => setRetrying(true),
      failed: m['error.request'],
      offline: m['error.offline'],
    });
    setRetrying(false);
    if (!answer.ok) {
      setBusy(false);
      setError(answer.message);
      return;
    }
    const { kind, url, clientSecret, publishableKey, instructions, verifyUrl } = answer.data;
    if (kind === 'redirect' && url) {
      // Busy until the gateway's page replaces this one.
      window.location.assign(url);
      return;
    }
    setBusy(false);
    if (kind === 'offline') {
      setStage({ kind: 'counter', instructions: instructions ?? null, verifyUrl });
    } else if (kind === 'client_secret' && clientSecret && publishableKey) {
      setStage({ kind: 'stripe', clientSecret, publishableKey, returnUrl: verifyUrl });
    } else {
      setError(m['error.request']);
    }
  }

  const errorBox = error && <Alert tone="error">{error}</Alert>;

  if (stage.kind === 'counter') {
    return (
      <Alert tone="info" size="md" className="grid gap-3">
        <p className="font-medium text-gray-900">{fill(m['invoice.counterChosen'], { number: displayNumber })}</p>
        {stage.instructions && <p className="text-sm text-gray-700">{stage.instructions}</p>}
        <p className="text-sm text-gray-800">
          {m['invoice.total']}: <span className="font-semibold tabular-nums">{total}</span>
        </p>
        <Button href={stage.verifyUrl} variant="link" size="sm" className="justify-self-start">
          {m['verify.title']}
        </Button>
      </Alert>
    );
  }

  if (stage.kind === 'stripe') {
    return <StripeCheckout {...stage} locale={locale} messages={m} />;
  }

  return (
    <form method="post" action={action} onSubmit={pay} className="grid gap-4" data-pay-form>
      <input type="hidden" name="back" value={back} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-gray-900">{m['invoice.payWith']}</legend>
        {options.map((o) => (
          <ChoiceCard
            key={o.method}
            name="method"
            value={o.method}
            checked={method === o.method}
            onChange={() => setMethod(o.method)}
          >
            {m[`invoice.method.${o.method}`]}
          </ChoiceCard>
        ))}
      </fieldset>
      {option && option.coverFee > 0 && (
        <label className="flex items-start gap-3 text-sm text-gray-800">
          <input
            type="checkbox"
            name="coverFees"
            checked={coverFees}
            onChange={(e) => setCoverFees(e.target.checked)}
            className="mt-1 accent-[var(--primary)]"
          />
          <span>{fill(m['invoice.coverFees'], { fee: formatMoney(option.coverFee, currency) })}</span>
        </label>
      )}
      {errorBox}
      {/* Always in the page, so screen readers hear the line when it appears. */}
      <p role="status" aria-live="polite" className={retrying ? 'text-sm text-gray-700' : 'sr-only'}>
        {retrying ? m['invoice.retrying'] : ''}
      </p>
      <Button type="submit" size="lg" loading={busy}>
        {busy
          ? m['invoice.paying']
          : method === 'counter'
            ? m['invoice.confirmCounter']
            : fill(m['invoice.pay'], { amount: total })}
      </Button>
    </form>
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
  messages: Props['messages'];
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
      {error && <Alert tone="error">{error}</Alert>}
      <Button
        size="lg"
        disabled={state === 'loading'}
        loading={state === 'confirming'}
        onClick={async () => {
          if (!stripe) return;
          setState('confirming');
          const message = await stripe.confirm();
          if (message) setError(message);
          setState('ready');
        }}
      >
        {m['invoice.confirmPay']}
      </Button>
    </div>
  );
}
