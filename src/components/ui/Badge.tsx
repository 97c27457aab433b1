import type { ReactNode } from 'react';
import { type BadgeTone, badgeClass } from './ui-classes';

export interface BadgeProps {
  tone: BadgeTone;
  size?: 'sm' | 'md';
  className?: string;
  [data: `data-${string}`]: string | undefined;
  children: ReactNode;
}

/** A status label (paid, confirmed, expired …) in the colour of its tone. */
export default function Badge({ tone, size = 'sm', className, children, ...rest }: BadgeProps) {
  return (
    <span {...rest} className={badgeClass(tone, size, className)}>
      {children}
    </span>
  );
}
