import type { InputHTMLAttributes } from 'react';
import Field from '../ui/Field';
import { controlClass } from './field-styles';
import { useField } from './use-field';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'defaultValue' | 'required' | 'name' | 'id' | 'className' | 'children'
>;

export interface TextFieldProps extends NativeProps {
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

/** A labelled text input with a visible error state (red border, linked error text, aria-invalid). */
export default function TextField({
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
  onBlur,
  type = 'text',
  ...native
}: TextFieldProps) {
  const field = useField({
    value,
    defaultValue,
    onChange,
    error,
    check: (v) => (required && v.trim() === '' ? requiredMessage : (validate?.(v) ?? null)),
  });

  return (
    <Field
      rootRef={field.rootRef}
      className={className}
      id={id}
      label={label}
      required={required}
      optionalLabel={optionalLabel}
      hint={hint}
      error={field.error}
    >
      {(control) => (
        <input
          {...native}
          {...control}
          name={name}
          type={type}
          value={field.value}
          onChange={(event) => field.change(event.target.value)}
          onBlur={(event) => {
            field.blur();
            onBlur?.(event);
          }}
          className={controlClass(Boolean(field.error))}
        />
      )}
    </Field>
  );
}
