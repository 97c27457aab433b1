import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $realtimeShown, RESYNC, subscribe } from '#components/realtime/realtime-client.ts';
import LiveStatus from '#components/ui/LiveStatus.tsx';

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
  return <LiveStatus status={status} messages={messages} />;
}
