import type { RealtimeStatus } from '#components/realtime/realtime-client.ts';

export interface LiveStatusProps {
  /** `$realtimeShown`: nothing is said while connecting, so a quick reconnect does not flicker. */
  status: RealtimeStatus;
  messages: { live: string; offline: string };
  /** Announce a change to screen readers (aria-live="polite"); false where the page has its own. */
  announce?: boolean;
}

/** The line under a live page: a dot, green while the live connection is open, and what it means. */
export default function LiveStatus({ status, messages, announce = true }: LiveStatusProps) {
  return (
    <p
      className="flex items-center gap-2 text-sm text-gray-600"
      data-realtime={status}
      aria-live={announce ? 'polite' : undefined}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-2 w-2 rounded-full ${status === 'open' ? 'bg-green-600' : 'bg-gray-400'}`}
      />
      {status === 'closed' ? messages.offline : status === 'open' ? messages.live : ''}
    </p>
  );
}
