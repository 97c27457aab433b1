import { useRef, useState } from 'react';
import { useFormSubmitValidation } from './form-validation';

interface UseFieldOptions {
  value?: string | undefined;
  defaultValue?: string | undefined;
  onChange?: ((value: string) => void) | undefined;
  /** The error for a value, or null when valid. */
  check: (value: string) => string | null;
  /** An error from outside (e.g. the server); shown until the value changes. */
  error?: string | null | undefined;
}

/**
 * Value and error state shared by the text-like fields. Errors appear on blur or on submit, and
 * after that follow the value as the visitor types, so a fixed field clears at once.
 */
export function useField({ value: controlled, defaultValue, onChange, check, error }: UseFieldOptions) {
  const [inner, setInner] = useState(defaultValue ?? '');
  const value = controlled ?? inner;
  const [touched, setTouched] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  // The outside error the visitor has since edited away; a different one shows again.
  const [clearedError, setClearedError] = useState<string | null>(null);
  const external = error && error !== clearedError ? error : null;
  const rootRef = useRef<HTMLDivElement>(null);

  useFormSubmitValidation(rootRef, () => {
    const problem = external ?? check(value);
    setTouched(true);
    setShown(problem);
    return problem === null;
  });

  return {
    rootRef,
    value,
    error: external ?? shown,
    change(next: string) {
      if (controlled === undefined) setInner(next);
      setClearedError(error ?? null);
      onChange?.(next);
      if (touched) setShown(check(next));
    },
    blur() {
      setTouched(true);
      setShown(check(value));
    },
  };
}
