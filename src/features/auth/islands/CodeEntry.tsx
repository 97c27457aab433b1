import type { Ref } from 'react';
import Alert from '#components/ui/Alert.tsx';
import Field from '#components/ui/Field.tsx';

export interface SentCode {
  channel: 'phone' | 'email';
  destination: string;
  /** "We sent a code to …", in the visitor's language. */
  message: string;
  /** Offline development only: the code itself. */
  devCode?: string;
}

interface Props {
  sent: SentCode;
  code: string;
  onCode: (code: string) => void;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement>;
  messages: { 'auth.codeLabel': string; 'auth.devCode': string };
  /** The "code sent" line's text size. */
  small?: boolean;
}

/**
 * The second step of a code login or a contact change: where the code went, the code in
 * development, and the six-digit code field (digits only, filled by the phone's one-time-code).
 */
export default function CodeEntry({ sent, code, onCode, invalid, inputRef, messages: m, small = false }: Props) {
  return (
    <>
      <p className={small ? 'text-sm text-gray-700' : 'text-gray-700'} role="status">
        {sent.message}
      </p>
      {sent.devCode && (
        <Alert tone="warning" role="none" data-dev-code={sent.devCode}>
          {m['auth.devCode'].replace('{code}', sent.devCode)}
        </Alert>
      )}
      <Field label={m['auth.codeLabel']} invalid={invalid}>
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => onCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            className={`w-full rounded-lg border bg-white px-3 py-2.5 text-center text-2xl tracking-[0.5em] focus:border-primary focus:outline-none ${
              invalid ? 'border-danger' : 'border-gray-300'
            }`}
          />
        )}
      </Field>
    </>
  );
}
