import { type ReactNode, useId } from 'react';
import { errorClass, hintClass, labelClass } from './field-styles';

/**
 * The ids of a field's parts, all from its control's: the given `id`, or one unique to this field
 * (`kind` ends it: "control", "phone", "date", "file"). The label, hint and error add their suffix.
 */
export function useFieldIds(id: string | undefined, kind: string) {
  const autoId = useId();
  const controlId = id ?? `${autoId}-${kind}`;
  return { controlId, labelId: `${controlId}-label`, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

interface FieldLabelProps {
  htmlFor?: string;
  id?: string;
  children: ReactNode;
  /** Shows a red asterisk; the control itself carries aria-required for screen readers. */
  required?: boolean;
  /** The localised "(optional)" suffix; shown when given. */
  optionalLabel?: string | undefined;
  /** Render as a <legend> inside a fieldset instead of a <label>. */
  as?: 'label' | 'legend' | 'span';
}

/** A field's label with its required marker or "(optional)" suffix (SPEC.md §5). */
export function FieldLabel({ htmlFor, id, children, required, optionalLabel, as = 'label' }: FieldLabelProps) {
  const content = (
    <>
      {children}
      {required && (
        <span className="ml-0.5 text-danger" aria-hidden="true">
          *
        </span>
      )}
      {!required && optionalLabel && (
        <>
          {' '}
          <span className="font-normal text-gray-600">{optionalLabel}</span>
        </>
      )}
    </>
  );
  if (as === 'legend') {
    return (
      <legend id={id} className={labelClass}>
        {content}
      </legend>
    );
  }
  if (as === 'span') {
    return (
      <span id={id} className={labelClass}>
        {content}
      </span>
    );
  }
  return (
    <label id={id} htmlFor={htmlFor} className={labelClass}>
      {content}
    </label>
  );
}

/** The error text a control points at with aria-describedby; nothing when there is no error. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={errorClass} data-field-error>
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={hintClass}>
      {children}
    </p>
  );
}
