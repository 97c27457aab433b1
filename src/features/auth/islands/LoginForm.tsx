import { type FormEvent, useId, useRef, useState } from 'react';
import PhoneInput, { type PhoneMessages } from '../../../components/fields/PhoneInput';
import TextField from '../../../components/fields/TextField';
import type { Locale } from '../../../i18n/locales';
import type { MessageKey } from '../../../i18n/t';
import { isEmail } from '../../../lib/email';

/** The strings this island needs; the page passes `pick(locale, LOGIN_MESSAGE_KEYS)`. */
export const LOGIN_MESSAGE_KEYS = [
  'auth.method',
  'auth.byPhone',
  'auth.byEmail',
  'auth.email',
  'auth.emailInvalid',
  'auth.sendCode',
  'auth.sending',
  'auth.codeLabel',
  'auth.codeFormat',
  'auth.verify',
  'auth.verifying',
  'auth.resend',
  'auth.change',
  'auth.devCode',
  'error.request',
  'field.required',
] as const satisfies readonly MessageKey[];
type Messages = Record<(typeof LOGIN_MESSAGE_KEYS)[number], string>;

interface Props {
  locale: Locale;
  messages: Messages;
  phoneMessages: PhoneMessages;
  /** Same-site path to return to after login. */
  next: string;
}

type Channel = 'phone' | 'email';
interface Sent {
  channel: Channel;
  destination: string;
  message: string;
  devCode?: string;
}

async function post(
  path: string,
  body: unknown,
  locale: Locale,
): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': locale },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, data };
}

/** Customer login by one-time code: choose phone or email, receive a code, enter it. */
export default function LoginForm({ locale, messages: m, phoneMessages, next }: Props) {
  const [channel, setChannel] = useState<Channel>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = channel === 'phone' ? { channel, phone } : { channel, email };
      const { ok, data } = await post('/api/auth/code', body, locale);
      if (!ok) {
        setError(String(data.error ?? m['error.request']));
        return;
      }
      setSent({
        channel,
        destination: String(data.destination),
        message: String(data.message),
        ...(typeof data.devCode === 'string' ? { devCode: data.devCode } : {}),
      });
      setCode('');
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch {
      setError(m['error.request']);
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sent) return;
    if (!/^\d{6}$/.test(code)) {
      setError(m['auth.codeFormat']);
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { ok, data } = await post(
        '/api/auth/verify',
        { channel: sent.channel, destination: sent.destination, code, next },
        locale,
      );
      if (!ok) {
        setError(String(data.error ?? m['error.request']));
        codeRef.current?.focus();
        return;
      }
      window.location.assign(String(data.redirect ?? '/'));
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
  const button =
    'w-full rounded-lg bg-primary px-4 py-2.5 font-medium text-on-primary hover:bg-primary-dark disabled:cursor-wait disabled:opacity-70';

  if (sent) {
    return (
      <form onSubmit={verify} noValidate className="grid gap-4" aria-busy={busy}>
        <p className="text-gray-700" role="status">
          {sent.message}
        </p>
        {sent.devCode && (
          <p
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-dev-code={sent.devCode}
          >
            {m['auth.devCode'].replace('{code}', sent.devCode)}
          </p>
        )}
        <div className="grid gap-1">
          <label htmlFor={`${id}-code`} className="text-sm font-medium text-gray-900">
            {m['auth.codeLabel']}
          </label>
          <input
            ref={codeRef}
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={error ? true : undefined}
            className="w-full rounded-lg border border-gray-300 px-3 py-2.5 text-center text-2xl tracking-[0.5em] focus:border-primary focus:outline-none"
          />
        </div>
        {errorBox}
        <button type="submit" className={button} disabled={busy}>
          {busy ? m['auth.verifying'] : m['auth.verify']}
        </button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button type="button" className="text-primary-strong underline" onClick={() => sendCode()} disabled={busy}>
            {m['auth.resend']}
          </button>
          <button
            type="button"
            className="text-primary-strong underline"
            onClick={() => {
              setSent(null);
              setError(null);
            }}
          >
            {m['auth.change']}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        // The field islands cancel the submit when invalid and show their own errors.
        if (event.nativeEvent.defaultPrevented) {
          event.preventDefault();
          return;
        }
        void sendCode(event);
      }}
      noValidate
      className="grid gap-4"
      aria-busy={busy}
    >
      <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1">
        <legend className="sr-only">{m['auth.method']}</legend>
        {(['phone', 'email'] as const).map((option) => (
          <label
            key={option}
            className={`cursor-pointer rounded-md px-3 py-2 text-center text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${
              channel === option ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600'
            }`}
          >
            <input
              type="radio"
              name="channel"
              value={option}
              checked={channel === option}
              onChange={() => {
                setChannel(option);
                setError(null);
              }}
              className="sr-only"
            />
            {option === 'phone' ? m['auth.byPhone'] : m['auth.byEmail']}
          </label>
        ))}
      </fieldset>
      {channel === 'phone' ? (
        <PhoneInput name="phone" locale={locale} messages={phoneMessages} required onChange={setPhone} />
      ) : (
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={m['auth.email']}
          required
          requiredMessage={m['field.required']}
          value={email}
          onChange={setEmail}
          validate={(value) => (isEmail(value) ? null : m['auth.emailInvalid'])}
        />
      )}
      {errorBox}
      <button type="submit" className={button} disabled={busy}>
        {busy ? m['auth.sending'] : m['auth.sendCode']}
      </button>
    </form>
  );
}
