import { type AnchorHTMLAttributes, type ButtonHTMLAttributes, forwardRef, type ReactNode, type Ref } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass, spinnerClass } from './ui-classes';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Placement only (margins, self-alignment); the look comes from variant and size. */
  className?: string;
  /** Busy: disabled, aria-busy, a spinner before the label (the label may say "Sending…"). */
  loading?: boolean;
  children: ReactNode;
}

type AsButton = Look &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'> & {
    href?: undefined;
  };
type AsLink = Look &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'> & {
    href: string;
  };

export type ButtonProps = AsButton | AsLink;

/** The spinner of a loading button; decorative (the button carries aria-busy). */
export function Spinner() {
  return (
    <svg className={spinnerClass} viewBox="0 0 24 24" fill="none" aria-hidden="true" data-spinner>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A button, or a link that looks like one (`href`): primary, secondary, danger, danger-outline or
 * link; sm, md or lg. A `<button>` defaults to type="button" so it never submits by accident.
 */
// forwardRef: Preact (the islands' runtime) keeps `ref` out of a function component's props.
const Button = forwardRef<HTMLButtonElement | HTMLAnchorElement, ButtonProps>(function Button(props, ref) {
  const { variant, size, block, className, loading = false, children, ...rest } = props;
  const classes = buttonClass({ variant, size, block, class: className });
  const content = (
    <>
      {loading && <Spinner />}
      {children}
    </>
  );
  if (rest.href !== undefined) {
    const anchor = rest as Omit<AsLink, keyof Look>;
    return (
      <a {...anchor} ref={ref as Ref<HTMLAnchorElement>} className={classes} aria-busy={loading || undefined}>
        {content}
      </a>
    );
  }
  const { type = 'button', disabled, ...button } = rest as Omit<AsButton, keyof Look>;
  return (
    <button
      {...button}
      ref={ref as Ref<HTMLButtonElement>}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={classes}
    >
      {content}
    </button>
  );
});

export default Button;
