import type { ReactNode, Ref } from 'react';
import { FieldError, FieldHint, FieldLabel, useFieldIds } from '../fields/FieldParts';
import { describedBy } from '../fields/field-styles';

/** What the control inside a Field spreads onto itself: its id and its accessible wiring. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The control: receives the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  id?: string;
  hint?: ReactNode;
  /** The error text (shown, and the control marked invalid); null or empty when valid. */
  error?: string | null | undefined;
  /** Marks the control invalid without an error text of its own (the form's alert says why). */
  invalid?: boolean;
  required?: boolean;
  optionalLabel?: string | undefined;
  className?: string | undefined;
  /** The wrapper's ref (use-field's form-submit validation listens on it). */
  rootRef?: Ref<HTMLDivElement>;
}

/**
 * A label, a control, a hint and an error, wired together: the label names the control, the
 * control points at the hint and the error with aria-describedby and says aria-invalid when in
 * error. The look comes from ../fields (FieldParts, field-styles), the same as TextField's.
 */
export default function Field({
  label,
  children,
  id,
  hint,
  error,
  invalid,
  required,
  optionalLabel,
  className,
  rootRef,
}: FieldProps) {
  const { controlId, hintId, errorId } = useFieldIds(id, 'control');
  return (
    <div ref={rootRef} className={className}>
      <FieldLabel htmlFor={controlId} required={required} optionalLabel={optionalLabel}>
        {label}
      </FieldLabel>
      {children({
        id: controlId,
        'aria-describedby': describedBy(hint ? hintId : null, error ? errorId : null),
        'aria-invalid': error || invalid ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
