import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $realtimeShown, RESYNC, subscribe } from '#components/realtime/realtime-client.ts';

interface Props {
  publicId: string;
  messages: { live: string; offline: string };
}

/**
 * Keeps a booking page current: when staff decide a request (or the booking otherwise changes),
 * the server publishes `status` on `booking:{publicId}` and the page reloads to show it; after
 * missed messages (RESYNC) it reloads too. Says when the live connection is down.
 */
export default function LiveBookingStatus({ publicId, messages }: Props) {
  const status = useStore($realtimeShown);
  useEffect(
    () =>
      subscribe(`booking:${publicId}`, (event) => {
        if (event === 'status' || event === RESYNC) window.location.reload();
      }),
    [publicId],
  );
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600" data-realtime={status} aria-live="polite">
      <span
        aria-hidden="true"
        className={`inline-block h-2 w-2 rounded-full ${status === 'open' ? 'bg-green-600' : 'bg-gray-400'}`}
      />
      {status === 'closed' ? messages.offline : status === 'open' ? messages.live : ''}
    </p>
  );
}
