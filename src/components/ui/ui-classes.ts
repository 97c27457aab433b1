// The look of the shared UI kit, defined once: the React/Preact primitives (Button.tsx, …) and
// their .astro twins (Button.astro, …) both take their class strings from here, so a button, an
// alert or a badge looks the same whether the server renders it or an island does.
// Field classes (control, label, hint, error) live in ../fields/field-styles.ts.

const join = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** Full width (a form's main action on a phone). */
  block?: boolean | undefined;
  /** Extra classes for placement only (margins, self-alignment), never colours or padding. */
  class?: string | undefined;
}

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg text-center no-underline disabled:cursor-not-allowed disabled:opacity-70 aria-busy:cursor-wait';

const BUTTON_VARIANT: Record<Exclude<ButtonVariant, 'link'>, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-dark',
  secondary: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  'danger-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
};

const BUTTON_SIZE: Record<ButtonSize, string> = {
  sm: 'px-3 py-2 text-sm font-medium',
  md: 'px-4 py-2.5 font-medium',
  lg: 'px-6 py-3 font-semibold',
};

/** A button's (or a link that looks like one) classes. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
  class: extra,
}: ButtonLook = {}): string {
  if (variant === 'link') {
    // A text action (resend, change, cancel): underlined, no box; `sm` is the small print size.
    return join(
      'inline font-medium text-primary-strong underline hover:no-underline disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait',
      size === 'sm' && 'text-sm',
      extra,
    );
  }
  return join(BUTTON_BASE, BUTTON_VARIANT[variant], BUTTON_SIZE[size], block && 'w-full', extra);
}

/** The spinner a loading button shows before its label (decorative: the button says aria-busy). */
export const spinnerClass = 'size-4 shrink-0 animate-spin motion-reduce:animate-none';

export type Tone = 'info' | 'success' | 'warning' | 'error';

const ALERT_TONE: Record<Tone, string> = {
  info: 'border-gray-200 bg-gray-50 text-gray-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-800',
};

export type AlertSize = 'sm' | 'md';

/** A message box: `sm` a line under a form, `md` a panel with room for a heading and actions. */
export function alertClass(tone: Tone, size: AlertSize = 'sm', extra?: string): string {
  return join('border', size === 'sm' ? 'rounded-lg px-3 py-2 text-sm' : 'rounded-xl p-4', ALERT_TONE[tone], extra);
}

/** Errors interrupt (role=alert); anything else is announced politely (role=status). */
export function alertRole(tone: Tone): 'alert' | 'status' {
  return tone === 'error' ? 'alert' : 'status';
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

const BADGE_TONE: Record<BadgeTone, string> = {
  neutral: 'bg-gray-100 text-gray-800',
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
  info: 'bg-blue-100 text-blue-800',
};

/** A status label: `sm` in tables and lists, `md` beside a page's heading. */
export function badgeClass(tone: BadgeTone, size: 'sm' | 'md' = 'sm', extra?: string): string {
  return join(
    'whitespace-nowrap',
    size === 'sm' ? 'rounded px-2 py-0.5 text-xs font-medium' : 'rounded-full px-3 py-1 text-sm font-semibold',
    BADGE_TONE[tone],
    extra,
  );
}

/**
 * A radio (or checkbox) card: the whole card is the label, the native input inside keeps the
 * keyboard behaviour (arrows move within a radio group, space checks) and the card shows the
 * focus ring when the input has keyboard focus.
 */
export function choiceCardClass(
  { size = 'md', twoLines = false }: { size?: 'sm' | 'md'; twoLines?: boolean } = {},
  extra?: string,
): string {
  return join(
    'flex cursor-pointer gap-3 rounded-lg border has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary has-[:focus-visible]:ring-offset-2',
    twoLines ? 'items-start' : 'items-center',
    size === 'sm' ? 'px-4 py-2' : 'px-4 py-3',
    // From the native input's own state (CSS :has), not the island's: right before hydration and
    // in a page without JavaScript too (the payment panel is a plain form, issue 23).
    'border-gray-300 bg-white hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
    extra,
  );
}

/** The native input inside a choice card, in the theme's colour (level with the first line). */
export function choiceInputClass(twoLines = false): string {
  return join('shrink-0 accent-[var(--primary)]', twoLines && 'mt-1');
}

/**
 * A compact choice button in a grid (the times of a day): a button with role=radio, filled when
 * checked.
 */
export function choiceChipClass(checked: boolean): string {
  return join(
    'rounded-lg border px-2 py-2 text-sm font-medium tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2',
    checked
      ? 'border-primary bg-primary text-on-primary'
      : 'border-gray-300 bg-white text-gray-900 hover:border-primary',
  );
}
