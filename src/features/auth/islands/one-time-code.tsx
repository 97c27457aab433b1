import { type FormEvent, useRef, useState } from 'react';
import PhoneInput, { type PhoneMessages } from '#components/fields/PhoneInput.tsx';
import TextField from '#components/fields/TextField.tsx';
import type { Locale } from '#i18n/locales.ts';
import { apiCall, type ResponseSchema } from '#lib/api-client.ts';
import { isEmail } from '#lib/email.ts';
import { CodeSentResponse } from '../auth-api.schema';
import type { SentCode } from './CodeEntry';

// What the two code islands (LoginForm, ContactChange) share: asking for a one-time code at a phone
// or e-mail, then posting the code typed; the field the phone or e-mail is typed in.

type Channel = SentCode['channel'];

interface CodeMessages {
  'auth.codeFormat': string;
  'error.request': string;
  'error.offline': string;
}

/** The steps' state (code, sent, busy, error), the code field's ref, and the two requests. */
export function useOneTimeCode(locale: Locale, m: CodeMessages) {
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<SentCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const call = { method: 'POST', locale, failed: m['error.request'], offline: m['error.offline'] } as const;

  /** Asks `url` to send a code; true when it did (the code step then shows, its field empty). */
  async function requestCode(url: string, channel: Channel, body: unknown): Promise<boolean> {
    setBusy(true);
    setError(null);
    const answer = await apiCall(CodeSentResponse, url, { ...call, body });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return false;
    }
    const { destination, message, devCode } = answer.data;
    setSent({ channel, destination, message, ...(devCode ? { devCode } : {}) });
    setCode('');
    return true;
  }

  /**
   * Posts the code typed (six digits, else the format error) with `body(sent, code)` to `url`: the answer, or null
   * with the error shown and the code field focused. Still busy after an answer: the caller moves on.
   */
  async function submitCode<T>(
    event: FormEvent<HTMLFormElement>,
    schema: ResponseSchema<T>,
    url: string,
    body: (sent: SentCode, code: string) => unknown,
  ): Promise<{ sent: SentCode; data: T } | null> {
    event.preventDefault();
    if (!sent) return null;
    if (!/^\d{6}$/.test(code)) {
      setError(m['auth.codeFormat']);
      codeRef.current?.focus();
      return null;
    }
    setBusy(true);
    setError(null);
    const answer = await apiCall(schema, url, { ...call, body: body(sent, code) });
    if (!answer.ok) {
      setBusy(false);
      setError(answer.message);
      codeRef.current?.focus();
      return null;
    }
    return { sent, data: answer.data };
  }

  return { code, setCode, sent, setSent, busy, setBusy, error, setError, codeRef, requestCode, submitCode };
}

/** A form's submit, unless its field islands cancelled it as invalid (they show their own errors). */
export const unlessFieldsInvalid =
  (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    if (event.nativeEvent.defaultPrevented) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };

interface ContactFieldProps {
  channel: Channel;
  locale: Locale;
  phoneMessages: PhoneMessages;
  /** The phone field's label, when not PhoneInput's own. */
  phoneLabel?: string;
  emailLabel: string;
  value: string;
  onChange: (value: string) => void;
  messages: { 'auth.emailInvalid': string; 'field.required': string };
}

/** The phone (with its country) or the e-mail a code goes to. */
export function ContactField({
  channel,
  locale,
  phoneMessages,
  phoneLabel,
  emailLabel,
  value,
  onChange,
  messages: m,
}: ContactFieldProps) {
  return channel === 'phone' ? (
    <PhoneInput
      name="phone"
      {...(phoneLabel ? { label: phoneLabel } : {})}
      locale={locale}
      messages={phoneMessages}
      required
      onChange={onChange}
    />
  ) : (
    <TextField
      name="email"
      type="email"
      autoComplete="email"
      label={emailLabel}
      required
      requiredMessage={m['field.required']}
      value={value}
      onChange={onChange}
      validate={(text) => (isEmail(text) ? null : m['auth.emailInvalid'])}
    />
  );
}
