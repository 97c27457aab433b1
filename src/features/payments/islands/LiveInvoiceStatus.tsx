import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $realtimeShown, READY, RESYNC, subscribe } from '#components/realtime/realtime-client.ts';
import LiveStatus from '#components/ui/LiveStatus.tsx';
import { type PaymentState, recheck, statusUrl } from './live-status';

interface Props {
  publicId: string;
  /** The payment the page shows (null: the invoice's latest). */
  paymentId: string | null;
  /** What the server rendered. */
  shown: PaymentState;
  messages: { live: string; offline: string };
}

/**
 * Keeps a verify page current: when the invoice's payment settles (the webhook landed), the page
 * reloads to show the outcome; when the live connection drops, it says so. Each time its
 * subscription becomes ready (READY) it also asks where the payment stands, because a settlement
 * between the server's render and the subscription sent its message to nobody.
 */
export default function LiveInvoiceStatus({ publicId, paymentId, shown, messages }: Props) {
  const status = useStore($realtimeShown);
  useEffect(
    () =>
      subscribe(`invoice:${publicId}`, (event) => {
        // A settled payment, or messages missed while disconnected: show the server's truth.
        if (event === 'payment' || event === RESYNC) window.location.reload();
        // Subscribed (again): a settlement before this moment reached nobody, so ask.
        else if (event === READY) {
          void recheck(shown, statusUrl(publicId, paymentId), { reload: () => window.location.reload() });
        }
      }),
    [publicId, paymentId, shown],
  );
  return <LiveStatus status={status} messages={messages} />;
}
