import { FieldLabel } from '#components/fields/FieldParts.tsx';
import { controlClass } from '#components/fields/field-styles.ts';

interface Props {
  id: string;
  name?: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A labelled select of the gift's kind or its number of instalments (the donation form and the cart). */
export function SelectField({ id, name, label, value, options, onChange }: Props) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}
        className={controlClass(false)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Instalment counts as options. */
export const countOptions = (counts: readonly number[]) => counts.map((c) => ({ value: String(c), label: String(c) }));
