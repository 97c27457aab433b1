import type { ReactNode } from 'react';

interface Props {
  name?: string;
  /** Controlled; or `defaultChecked` for a box the browser keeps. */
  checked?: boolean;
  defaultChecked?: boolean;
  onChecked: (checked: boolean) => void;
  /** The label's classes: the plain line by default. */
  className?: string;
  /** The box's classes (`mt-1 h-4 w-4` beside text that may wrap). */
  boxClassName?: string;
  children: ReactNode;
}

/** A checkbox with its text beside it, the whole line its label: cover the fee, tax receipt, anonymous. */
export function CheckboxLine({
  name,
  checked,
  defaultChecked,
  onChecked,
  className = 'flex items-center gap-3 text-gray-900',
  boxClassName = 'h-4 w-4',
  children,
}: Props) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={(e) => onChecked((e.currentTarget as HTMLInputElement).checked)}
        className={boxClassName}
      />
      {children}
    </label>
  );
}
