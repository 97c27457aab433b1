import type { ChangeEvent, ReactNode } from 'react';
import { choiceCardClass, choiceInputClass } from './ui-classes';

export interface ChoiceCardProps {
  /** The group's name: cards of one name form one radio group (arrow keys move within it). */
  name: string;
  value: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** radio (one of a group, the default) or checkbox (on/off). */
  type?: 'radio' | 'checkbox';
  /** The card's main text. */
  children: ReactNode;
  /** A second, smaller line (a practitioner's title). */
  description?: ReactNode;
  size?: 'sm' | 'md';
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
}

/**
 * A radio card: the whole card is the label of a native radio, so the keyboard works as in any
 * radio group and the card shows a focus ring while the radio has keyboard focus.
 */
export default function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  type = 'radio',
  children,
  description,
  size = 'md',
  required,
  disabled,
  invalid,
  className,
}: ChoiceCardProps) {
  return (
    <label className={choiceCardClass({ size, twoLines: Boolean(description) }, className)}>
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        className={choiceInputClass(Boolean(description))}
      />
      <span>
        <span className={size === 'sm' ? 'text-gray-900' : 'block font-medium text-gray-900'}>{children}</span>
        {description && <span className="block text-sm text-gray-600">{description}</span>}
      </span>
    </label>
  );
}
