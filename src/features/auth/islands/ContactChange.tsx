import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import PhoneInput, { type PhoneMessages } from '../../../components/fields/PhoneInput';
import TextField from '../../../components/fields/TextField';
import type { Locale } from '../../../i18n/locales';
import type { MessageKey } from '../../../i18n/t';
import { isEmail } from '../../../lib/email';

/** The strings this island needs; the page passes `pick(locale, CONTACT_MESSAGE_KEYS)`. */
export const CONTACT_MESSAGE_KEYS = [
  'account.contactTitle',
  'account.contactIntro',
  'account.email',
  'account.phone',
  'account.notSet',
  'account.changeEmail',
  'account.changePhone',
  'account.addEmail',
  'account.addPhone',
  'account.newEmail',
  'account.newPhone',
  'account.confirm',
  'account.cancel',
  'auth.emailInvalid',
  'auth.sendCode',
  'auth.sending',
  'auth.codeLabel',
  'auth.codeFormat',
  'auth.verifying',
  'auth.resend',
  'auth.devCode',
  'error.request',
  'field.required',
] as const satisfies readonly MessageKey[];
type Messages = Record<(typeof CONTACT_MESSAGE_KEYS)[number], string>;

type Channel = 'phone' | 'email';

interface Props {
  locale: Locale;
  messages: Messages;
  phoneMessages: PhoneMessages;
  /** The customer's current phone (60123456789) and email, or null. */
  phone: string | null;
  email: string | null;
}

interface Sent {
  channel: Channel;
  destination: string;
  message: string;
  devCode?: string;
}

async function post(path: string, body: unknown, locale: Locale) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': locale },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, data };
}

/**
 * Changing the phone or email one logs in with: the new one gets a code, and only entering that
 * code changes the account (so nobody can attach someone else's phone or email to their account).
 */
export default function ContactChange({ locale, messages: m, phoneMessages, phone, email }: Props) {
  const [current, setCurrent] = useState<Record<Channel, string | null>>({ phone, email });
  const [editing, setEditing] = useState<Channel | null>(null);
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const openers = useRef<Partial<Record<Channel, HTMLButtonElement | null>>>({});
  const doneRef = useRef<HTMLParagraphElement>(null);

  // Focus follows the step: the new value's field, then the code, then the result.
  useEffect(() => {
    if (editing && !sent) formRef.current?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus();
  }, [editing, sent]);
  useEffect(() => {
    if (sent) codeRef.current?.focus();
  }, [sent]);

  function open(channel: Channel) {
    setEditing(channel);
    setValue('');
    setCode('');
    setSent(null);
    setError(null);
    setDone(null);
  }

  function close() {
    const channel = editing;
    setEditing(null);
    setSent(null);
    setError(null);
    if (channel) setTimeout(() => openers.current[channel]?.focus(), 0);
  }

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!editing) return;
    const channel = sent?.channel ?? editing;
    const destination = sent?.destination ?? value.trim();
    setBusy(true);
    setError(null);
    try {
      const body = channel === 'phone' ? { channel, phone: destination } : { channel, email: destination };
      const { ok, data } = await post('/api/account/contact/code', body, locale);
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
    } catch {
      setError(m['error.request']);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
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
      const body =
        sent.channel === 'phone'
          ? { channel: 'phone', phone: sent.destination, code }
          : { channel: 'email', email: sent.destination, code };
      const { ok, data } = await post('/api/account/contact/verify', body, locale);
      if (!ok) {
        setError(String(data.error ?? m['error.request']));
        codeRef.current?.focus();
        return;
      }
      setCurrent((before) => ({ ...before, [sent.channel]: String(data.value ?? sent.destination) }));
      setDone(String(data.message ?? ''));
      setEditing(null);
      setSent(null);
      setTimeout(() => doneRef.current?.focus(), 0);
    } catch {
      setError(m['error.request']);
    } finally {
      setBusy(false);
    }
  }

  const button =
    'rounded-lg bg-primary px-4 py-2.5 font-medium text-on-primary hover:bg-primary-dark disabled:cursor-wait disabled:opacity-70';
  const link = 'text-sm font-medium text-primary-strong underline disabled:opacity-60';
  const errorBox = error && (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );

  const shown = (channel: Channel) => {
    const value = current[channel];
    if (!value) return m['account.notSet'];
    return channel === 'phone' ? `+${value}` : value;
  };
  const openLabel = (channel: Channel) =>
    channel === 'phone'
      ? current.phone
        ? m['account.changePhone']
        : m['account.addPhone']
      : current.email
        ? m['account.changeEmail']
        : m['account.addEmail'];

  const step = editing && (
    <div className="mt-3 rounded-lg border border-gray-200 bg-gray-50 p-4">
      {sent ? (
        <form ref={formRef} onSubmit={confirm} noValidate className="grid gap-4" aria-busy={busy}>
          <p className="text-sm text-gray-700" role="status">
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
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              aria-invalid={error ? true : undefined}
              className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-center text-2xl tracking-[0.5em] focus:border-primary focus:outline-none"
            />
          </div>
          {errorBox}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={button} disabled={busy}>
              {busy ? m['auth.verifying'] : m['account.confirm']}
            </button>
            <button type="button" className={link} onClick={() => sendCode()} disabled={busy}>
              {m['auth.resend']}
            </button>
            <button type="button" className={link} onClick={close} disabled={busy}>
              {m['account.cancel']}
            </button>
          </div>
        </form>
      ) : (
        <form
          ref={formRef}
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
          {editing === 'phone' ? (
            <PhoneInput
              name="phone"
              label={m['account.newPhone']}
              locale={locale}
              messages={phoneMessages}
              required
              onChange={setValue}
            />
          ) : (
            <TextField
              name="email"
              type="email"
              autoComplete="email"
              label={m['account.newEmail']}
              required
              requiredMessage={m['field.required']}
              value={value}
              onChange={setValue}
              validate={(text) => (isEmail(text) ? null : m['auth.emailInvalid'])}
            />
          )}
          {errorBox}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={button} disabled={busy}>
              {busy ? m['auth.sending'] : m['auth.sendCode']}
            </button>
            <button type="button" className={link} onClick={close} disabled={busy}>
              {m['account.cancel']}
            </button>
          </div>
        </form>
      )}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 border-t border-gray-200 pt-8">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {m['account.contactTitle']}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{m['account.contactIntro']}</p>
      {done && (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          data-notice="success"
          className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          {done}
        </p>
      )}
      <ul className="mt-4 grid gap-4">
        {(['email', 'phone'] as const).map((channel) => (
          <li key={channel} data-contact={channel}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <div>
                <h3 className="text-sm font-medium text-gray-900">
                  {channel === 'phone' ? m['account.phone'] : m['account.email']}
                </h3>
                <p className="text-gray-700" data-contact-value={channel}>
                  {shown(channel)}
                </p>
              </div>
              {editing !== channel && (
                <button
                  type="button"
                  ref={(element) => {
                    openers.current[channel] = element;
                  }}
                  className={link}
                  onClick={() => open(channel)}
                  disabled={busy}
                >
                  {openLabel(channel)}
                </button>
              )}
            </div>
            {editing === channel && step}
          </li>
        ))}
      </ul>
    </section>
  );
}
