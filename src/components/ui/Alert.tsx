import { forwardRef, type ReactNode } from 'react';
import { type AlertSize, alertClass, alertRole, type Tone } from './ui-classes';

export interface AlertProps {
  tone: Tone;
  size?: AlertSize;
  /** Errors are role=alert, the rest role=status; 'none' for a box that is not news (a hint). */
  role?: 'alert' | 'status' | 'none';
  className?: string;
  id?: string;
  tabIndex?: number;
  /** Data attributes (tests and pages find boxes by them). */
  [data: `data-${string}`]: string | undefined;
  children: ReactNode;
}

/** A message box: info, success, warning or error; announced as the tone asks. */
const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { tone, size = 'sm', role, className, children, ...rest },
  ref,
) {
  const chosen = role ?? alertRole(tone);
  return (
    <div
      {...rest}
      ref={ref}
      role={chosen === 'none' ? undefined : chosen}
      className={alertClass(tone, size, className)}
    >
      {children}
    </div>
  );
});

export default Alert;
