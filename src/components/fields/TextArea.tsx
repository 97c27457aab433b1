import type { TextareaHTMLAttributes } from 'react';
import Field from '../ui/Field';
import { controlClass } from './field-styles';
import { useField } from './use-field';

type NativeProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'defaultValue' | 'required' | 'name' | 'id' | 'className' | 'children'
>;

export interface TextAreaProps extends NativeProps {
  name: string;
  label: string;
  id?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  requiredMessage?: string;
  /** The "(optional)" suffix; notes are optional (SPEC.md §5). */
  optionalLabel?: string;
  error?: string | null;
  hint?: string;
  validate?: (value: string) => string | null;
  className?: string;
}

/** A multi-line text field, e.g. notes, with the same label and error behaviour as TextField. */
export default function TextArea({
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
  rows = 4,
  ...native
}: TextAreaProps) {
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
        <textarea
          {...native}
          {...control}
          name={name}
          rows={rows}
          value={field.value}
          onChange={(event) => field.change(event.target.value)}
          onBlur={(event) => {
            field.blur();
            onBlur?.(event);
          }}
          className={controlClass(Boolean(field.error), 'min-h-24 resize-y')}
        />
      )}
    </Field>
  );
}
