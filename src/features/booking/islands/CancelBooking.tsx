import { useRef, useState } from 'react';

interface Props {
  publicId: string;
  locale: string;
  messages: { cancel: string; confirm: string; yes: string; no: string; cancelling: string; failed: string };
}

/**
 * "Cancel appointment": asks once, then POST /api/bookings/{publicId}/cancel and reloads to show
 * the cancelled booking. Rescheduling is cancelling plus booking a new time (the page says so).
 */
export default function CancelBooking({ publicId, locale, messages: m }: Props) {
  const [stage, setStage] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [error, setError] = useState<string | null>(null);
  const yesRef = useRef<HTMLButtonElement>(null);

  const cancel = async () => {
    setStage('busy');
    setError(null);
    try {
      const response = await fetch(`/api/bookings/${encodeURIComponent(publicId)}/cancel`, {
        method: 'POST',
        headers: { 'Accept-Language': locale },
      });
      if (response.ok) {
        window.location.reload();
        return;
      }
      const data = (await response.json().catch(() => ({}))) as { error?: string };
      setError(data.error ?? m.failed);
    } catch {
      setError(m.failed);
    }
    setStage('idle');
  };

  return (
    <div className="grid gap-3" data-cancel-booking>
      {stage === 'idle' ? (
        <button
          type="button"
          onClick={() => {
            setStage('confirm');
            setTimeout(() => yesRef.current?.focus(), 0);
          }}
          className="justify-self-start rounded-lg border border-red-300 bg-white px-4 py-2.5 font-medium text-red-800 hover:bg-red-50"
        >
          {m.cancel}
        </button>
      ) : (
        <div className="grid gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-gray-900">{m.confirm}</p>
          <div className="flex flex-wrap gap-3">
            <button
              ref={yesRef}
              type="button"
              disabled={stage === 'busy'}
              onClick={cancel}
              className="rounded-lg bg-red-700 px-4 py-2.5 font-medium text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
            >
              {stage === 'busy' ? m.cancelling : m.yes}
            </button>
            <button
              type="button"
              disabled={stage === 'busy'}
              onClick={() => setStage('idle')}
              className="rounded-lg border border-gray-300 bg-white px-4 py-2.5 font-medium text-gray-900 hover:bg-gray-50"
            >
              {m.no}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
