import { type FormEvent, useState } from 'react';
import type { PhoneMessages } from '#components/fields/PhoneInput.tsx';
import Alert from '#components/ui/Alert.tsx';
import Button from '#components/ui/Button.tsx';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { LoggedInResponse } from '../auth-api.schema';
import CodeEntry from './CodeEntry';
import { ContactField, unlessFieldsInvalid, useOneTimeCode } from './one-time-code';

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
  'error.offline',
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

/** Customer login by one-time code: choose phone or email, receive a code, enter it. */
export default function LoginForm({ locale, messages: m, phoneMessages, next }: Props) {
  const [channel, setChannel] = useState<Channel>('phone');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const { code, setCode, sent, setSent, busy, error, setError, codeRef, requestCode, submitCode } = useOneTimeCode(
    locale,
    m,
  );

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const body = channel === 'phone' ? { channel, phone } : { channel, email };
    if (await requestCode('/api/auth/code', channel, body)) setTimeout(() => codeRef.current?.focus(), 0);
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    const answer = await submitCode(event, LoggedInResponse, '/api/auth/verify', (sent, code) => ({
      channel: sent.channel,
      destination: sent.destination,
      code,
      next,
    }));
    // Busy until the next page replaces this one.
    if (answer) window.location.assign(answer.data.redirect);
  }

  const errorBox = error && <Alert tone="error">{error}</Alert>;

  if (sent) {
    return (
      <form onSubmit={verify} noValidate className="grid gap-4" aria-busy={busy}>
        <CodeEntry sent={sent} code={code} onCode={setCode} invalid={Boolean(error)} inputRef={codeRef} messages={m} />
        {errorBox}
        <Button type="submit" block loading={busy}>
          {busy ? m['auth.verifying'] : m['auth.verify']}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="link" size="sm" onClick={() => sendCode()} disabled={busy}>
            {m['auth.resend']}
          </Button>
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setSent(null);
              setError(null);
            }}
          >
            {m['auth.change']}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={unlessFieldsInvalid(sendCode)} noValidate className="grid gap-4" aria-busy={busy}>
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
      <ContactField
        channel={channel}
        locale={locale}
        phoneMessages={phoneMessages}
        emailLabel={m['auth.email']}
        value={email}
        onChange={channel === 'phone' ? setPhone : setEmail}
        messages={m}
      />
      {errorBox}
      <Button type="submit" block loading={busy}>
        {busy ? m['auth.sending'] : m['auth.sendCode']}
      </Button>
    </form>
  );
}
