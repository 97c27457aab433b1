import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { PhoneMessages } from '#components/fields/PhoneInput.tsx';
import Alert from '#components/ui/Alert.tsx';
import Button from '#components/ui/Button.tsx';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, MessagesOf } from '#i18n/t.ts';
import { ContactChangedResponse } from '../auth-api.schema';
import CodeEntry from './CodeEntry';
import { ContactField, unlessFieldsInvalid, useOneTimeCode } from './one-time-code';

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
  'error.offline',
  'field.required',
] as const satisfies readonly MessageKey[];

type Channel = 'phone' | 'email';

interface Props {
  locale: Locale;
  messages: MessagesOf<typeof CONTACT_MESSAGE_KEYS>;
  phoneMessages: PhoneMessages;
  /** The customer's current phone (60123456789) and email, or null. */
  phone: string | null;
  email: string | null;
}

/**
 * Changing the phone or email one logs in with: the new one gets a code, and only entering that
 * code changes the account (so nobody can attach someone else's phone or email to their account).
 */
export default function ContactChange({ locale, messages: m, phoneMessages, phone, email }: Props) {
  const [current, setCurrent] = useState<Record<Channel, string | null>>({ phone, email });
  const [editing, setEditing] = useState<Channel | null>(null);
  const [value, setValue] = useState('');
  const { code, setCode, sent, setSent, busy, setBusy, error, setError, codeRef, requestCode, submitCode } =
    useOneTimeCode(locale, m);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const openers = useRef<Partial<Record<Channel, HTMLButtonElement | null>>>({});
  const doneRef = useRef<HTMLDivElement>(null);

  // Focus follows the step: the new value's field, then the code, then the result.
  useEffect(() => {
    if (editing && !sent) formRef.current?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus();
  }, [editing, sent]);
  useEffect(() => {
    if (sent) codeRef.current?.focus();
  }, [sent, codeRef]);

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
    const body = channel === 'phone' ? { channel, phone: destination } : { channel, email: destination };
    await requestCode('/api/account/contact/code', channel, body);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    const answer = await submitCode(event, ContactChangedResponse, '/api/account/contact/verify', (sent, code) =>
      sent.channel === 'phone'
        ? { channel: 'phone', phone: sent.destination, code }
        : { channel: 'email', email: sent.destination, code },
    );
    if (!answer) return;
    setBusy(false);
    const { sent } = answer;
    setCurrent((before) => ({ ...before, [sent.channel]: answer.data.value ?? sent.destination }));
    setDone(answer.data.message);
    setEditing(null);
    setSent(null);
    setTimeout(() => doneRef.current?.focus(), 0);
  }

  // The end of both forms: the error, the submit button (busy while it works), any other, Cancel.
  const formEnd = (submit: string, other?: ReactNode) => (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={busy}>
          {submit}
        </Button>
        {other}
        <Button variant="link" size="sm" onClick={close} disabled={busy}>
          {m['account.cancel']}
        </Button>
      </div>
    </>
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
          <CodeEntry
            sent={sent}
            code={code}
            onCode={setCode}
            invalid={Boolean(error)}
            inputRef={codeRef}
            messages={m}
            small
          />
          {formEnd(
            busy ? m['auth.verifying'] : m['account.confirm'],
            <Button variant="link" size="sm" onClick={() => sendCode()} disabled={busy}>
              {m['auth.resend']}
            </Button>,
          )}
        </form>
      ) : (
        <form ref={formRef} onSubmit={unlessFieldsInvalid(sendCode)} noValidate className="grid gap-4" aria-busy={busy}>
          <ContactField
            channel={editing}
            locale={locale}
            phoneMessages={phoneMessages}
            phoneLabel={m['account.newPhone']}
            emailLabel={m['account.newEmail']}
            value={value}
            onChange={setValue}
            messages={m}
          />
          {formEnd(busy ? m['auth.sending'] : m['auth.sendCode'])}
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
        <Alert ref={doneRef} tabIndex={-1} tone="success" data-notice="success" className="mt-4">
          {done}
        </Alert>
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
                <Button
                  variant="link"
                  size="sm"
                  ref={(element) => {
                    openers.current[channel] = element as HTMLButtonElement | null;
                  }}
                  onClick={() => open(channel)}
                  disabled={busy}
                >
                  {openLabel(channel)}
                </Button>
              )}
            </div>
            {editing === channel && step}
          </li>
        ))}
      </ul>
    </section>
  );
}
