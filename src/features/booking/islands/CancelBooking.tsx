import { useRef, useState } from 'react';
import Alert from '#components/ui/Alert.tsx';
import Button from '#components/ui/Button.tsx';
import type { Translate } from '#i18n/t.ts';
import { apiCall } from '#lib/api-client.ts';
import { CancelledResponse } from '../booking-api.schema';
import { bookingApiPath } from '../paths';

export interface CancelMessages {
  cancel: string;
  confirm: string;
  yes: string;
  no: string;
  cancelling: string;
  failed: string;
}

interface Props {
  publicId: string;
  locale: string;
  messages: CancelMessages;
}

/** The island's strings: the button and its question differ by page (a request, a booking); the rest not. */
export function cancelMessages(t: Translate, texts: Pick<CancelMessages, 'cancel' | 'confirm'>): CancelMessages {
  return {
    ...texts,
    yes: t('appointment.cancelYes'),
    no: t('appointment.cancelNo'),
    cancelling: t('appointment.cancelling'),
    failed: t('error.request'),
  };
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
    const answer = await apiCall(CancelledResponse, bookingApiPath(publicId, 'cancel'), {
      method: 'POST',
      locale,
      failed: m.failed,
    });
    if (answer.ok) {
      window.location.reload();
      return;
    }
    setError(answer.message);
    setStage('idle');
  };

  return (
    <div className="grid gap-3" data-cancel-booking>
      {stage === 'idle' ? (
        <Button
          variant="danger-outline"
          className="justify-self-start"
          onClick={() => {
            setStage('confirm');
            setTimeout(() => yesRef.current?.focus(), 0);
          }}
        >
          {m.cancel}
        </Button>
      ) : (
        <Alert tone="error" size="md" role="none" className="grid gap-3">
          <p className="text-gray-900">{m.confirm}</p>
          <div className="flex flex-wrap gap-3">
            <Button ref={yesRef} variant="danger" loading={stage === 'busy'} onClick={cancel}>
              {stage === 'busy' ? m.cancelling : m.yes}
            </Button>
            <Button variant="secondary" disabled={stage === 'busy'} onClick={() => setStage('idle')}>
              {m.no}
            </Button>
          </div>
        </Alert>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
