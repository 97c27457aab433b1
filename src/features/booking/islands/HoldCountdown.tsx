import { useEffect, useState } from 'react';
import Alert from '#components/ui/Alert.tsx';
import Button from '#components/ui/Button.tsx';
import type { Locale } from '#i18n/locales.ts';
import { countMessage } from '#i18n/plural.ts';
import { formatCountdown, minutesLeft } from '../appointment-flow';

interface Props {
  /** When the 10-minute hold ends (ISO). */
  expiresAt: string;
  /** The server's clock when the page was made (ISO): the countdown follows it, not the device's. */
  serverNow: string;
  /** The element holding the payment options: hidden once the hold is over. */
  paymentSectionId: string;
  /** The page's heading ("Pay to confirm"): it reads `messages.expiredTitle` once the hold is over. */
  headingId: string;
  /** The service page, to choose a new time. */
  servicePath: string;
  locale: Locale;
  messages: {
    timeLeft: string;
    reminder: string;
    /** `appointment.minutesLeft` and its plural forms (`pick`). */
    minutesLeft: Record<string, string>;
    expired: string;
    expiredTitle: string;
    chooseAnother: string;
  };
}

/**
 * The 10-minute hold of a booking: a visible mm:ss countdown with SPEC.md §9's reminder, spoken
 * politely once a minute (not every second); at zero it says the hold expired, hides the payment
 * options and offers to choose a new time.
 */
export default function HoldCountdown({
  expiresAt,
  serverNow,
  paymentSectionId,
  headingId,
  servicePath,
  locale,
  messages: m,
}: Props) {
  const end = Date.parse(expiresAt);
  const [left, setLeft] = useState(() => end - Date.parse(serverNow));

  useEffect(() => {
    // The device's clock may be off: count from the server's time at the moment of hydration.
    const skew = Date.parse(serverNow) - Date.now();
    const tick = () => setLeft(end - (Date.now() + skew));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [end, serverNow]);

  const expired = left <= 0;
  useEffect(() => {
    if (!expired) return;
    const section = document.getElementById(paymentSectionId);
    if (section) section.hidden = true;
    // The heading must not go on asking to pay for a time that is no longer held.
    const heading = document.getElementById(headingId);
    if (heading) {
      heading.textContent = m.expiredTitle;
      heading.dataset.bookingStatus = 'expired';
    }
  }, [expired, paymentSectionId, headingId, m.expiredTitle]);

  if (expired) {
    return (
      <Alert tone="error" size="md" role="none" className="grid justify-items-start gap-3" data-hold="expired">
        <p role="alert" className="font-semibold text-red-900">
          {m.expired}
        </p>
        <Button href={servicePath}>{m.chooseAnother}</Button>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" size="md" role="none" className="flex flex-wrap items-center gap-4" data-hold="live">
      <div className="text-center">
        <p className="text-xs font-medium uppercase tracking-wide text-amber-900">{m.timeLeft}</p>
        <p role="timer" className="text-3xl font-bold tabular-nums text-amber-950" data-countdown>
          {formatCountdown(left)}
        </p>
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-gray-900" data-payment-reminder>
          {m.reminder}
        </p>
        <p className="mt-1 text-sm text-gray-800" aria-live="polite">
          {countMessage(m.minutesLeft, locale, 'appointment.minutesLeft', {
            count: minutesLeft(left),
            minutes: minutesLeft(left),
          })}
        </p>
      </div>
    </Alert>
  );
}
