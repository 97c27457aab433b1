import type { ChangeEvent, FocusEvent } from 'react';
import type { FieldProps } from '../ui/Field';
import { useField } from './use-field';

/** What TextField and TextArea take besides their element's own attributes. */
export interface TextLikeFieldProps {
  name: string;
  label: string;
  id?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  /** Shown when a required field is left empty ("This field is required"). */
  requiredMessage?: string;
  /** The "(optional)" suffix for optional fields (SPEC.md §5); omit to show none. */
  optionalLabel?: string;
  /** An error from outside, e.g. the server's; cleared once the visitor edits. */
  error?: string | null;
  hint?: string;
  /** Extra rule after the required check: returns the error text or null. */
  validate?: (value: string) => string | null;
  className?: string;
}

/**
 * The state and the Field frame a single-value text control shares with its siblings: the required
 * check, then the caller's rule; what is left of the props (`native`) goes onto the element.
 */
export function useTextLikeField<P extends TextLikeFieldProps>(props: P) {
  const {
    name,
    label,
    id,
    value,
    defaultValue,
    onChange,
    required = false,
    requiredMessage = 'This field is required',
    optionalLabel,
    error,
    hint,
    validate,
    className,
    ...native
  } = props;
  const field = useField({
    value,
    defaultValue,
    onChange,
    error,
    check: (v) => (required && v.trim() === '' ? requiredMessage : (validate?.(v) ?? null)),
  });
  const frame = {
    rootRef: field.rootRef,
    className,
    id,
    label,
    required,
    optionalLabel,
    hint,
    error: field.error,
  } satisfies Omit<FieldProps, 'children'>;
  /** The element's value and handlers: an edit goes to the field; leaving checks it, then calls the caller's onBlur. */
  const bind = <E extends HTMLInputElement | HTMLTextAreaElement>(onBlur?: (event: FocusEvent<E>) => void) => ({
    value: field.value,
    onChange: (event: ChangeEvent<E>) => field.change(event.target.value),
    onBlur: (event: FocusEvent<E>) => {
      field.blur();
      onBlur?.(event);
    },
  });
  return { field, frame, name, native, bind };
}
