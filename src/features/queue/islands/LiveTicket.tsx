import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $realtimeShown, READY, RESYNC, subscribe } from '#components/realtime/realtime-client.ts';
import LiveStatus from '#components/ui/LiveStatus.tsx';
import type { Locale } from '#i18n/locales.ts';
import { countMessage } from '#i18n/plural.ts';
import type { MessagesOf } from '#i18n/t.ts';
import { apiCall } from '#lib/api-client.ts';
import type { TicketState } from '../board-state';
import { POINT_LABEL_KEYS, pointLabel, pointTexts } from '../point-label';
import { TicketStateResponse } from '../queue-api.schema';

export const TICKET_MESSAGE_KEYS = [
  'queue.ticket.ahead',
  'queue.ticket.next',
  'queue.ticket.estimate',
  'queue.ticket.calledTo',
  'queue.ticket.nowServing',
  'queue.ticket.finished',
  'queue.ticket.missed',
  'queue.ticket.live',
  'queue.ticket.offline',
  'queue.board.nobody',
  ...POINT_LABEL_KEYS,
  'error.request',
] as const;

interface Props {
  initial: TicketState;
  channel: string;
  stateUrl: string;
  locale: Locale;
  messages: MessagesOf<typeof TICKET_MESSAGE_KEYS>;
}

/** The visitor's ticket, kept current: position, estimate, the numbers served now, where to go when called. */
export default function LiveTicket({ initial, channel, stateUrl, locale, messages: m }: Props) {
  const status = useStore($realtimeShown);
  const [ticket, setTicket] = useState(initial);
  useEffect(() => {
    let alive = true;
    let soon: ReturnType<typeof setTimeout> | undefined;
    const refetch = async () => {
      const answer = await apiCall(TicketStateResponse, stateUrl, {
        cache: 'no-store',
        locale,
        failed: m['error.request'],
      });
      if (alive && answer.ok) setTicket(answer.data);
    };
    const unsubscribe = subscribe(channel, (event) => {
      clearTimeout(soon);
      soon = setTimeout(() => void refetch(), event === READY || event === RESYNC ? 0 : 400);
    });
    const poll = setInterval(() => void refetch(), 30_000);
    return () => {
      alive = false;
      unsubscribe();
      clearTimeout(soon);
      clearInterval(poll);
    };
  }, [channel, stateUrl, locale, m]);

  const texts = pointTexts(m);
  const fill = (text: string, values: Record<string, string | number>) =>
    Object.entries(values).reduce((out, [key, value]) => out.replace(`{${key}}`, String(value)), text);

  return (
    <div className="mt-6 space-y-4" data-ticket-status={ticket.status}>
      <p className="text-6xl font-bold tabular-nums text-gray-900" data-ticket-number>
        {ticket.number}
      </p>
      <p className="text-gray-700">{ticket.queueName}</p>
      <div aria-live="polite" className="space-y-2 text-lg text-gray-900">
        {ticket.point && (
          <p className="rounded-lg bg-amber-100 p-3 font-semibold" data-called>
            {fill(m['queue.ticket.calledTo'], { point: pointLabel(texts, ticket.point.kind, ticket.point.number) })}
          </p>
        )}
        {ticket.ahead !== null && (
          <p data-ahead={ticket.ahead}>
            {ticket.ahead === 0
              ? m['queue.ticket.next']
              : countMessage(m, locale, 'queue.ticket.ahead', { count: ticket.ahead })}
          </p>
        )}
        {ticket.estimateMinutes !== null && ticket.ahead !== 0 && (
          <p>{countMessage(m, locale, 'queue.ticket.estimate', { count: ticket.estimateMinutes })}</p>
        )}
        {ticket.status === 'done' && <p>{m['queue.ticket.finished']}</p>}
        {ticket.status === 'missed' && <p>{m['queue.ticket.missed']}</p>}
      </div>
      <p className="text-gray-700">
        {m['queue.ticket.nowServing']}{' '}
        <span className="font-semibold tabular-nums">{ticket.nowServing.join(', ') || m['queue.board.nobody']}</span>
      </p>
      <LiveStatus
        status={status}
        messages={{ live: m['queue.ticket.live'], offline: m['queue.ticket.offline'] }}
        announce={false}
      />
    </div>
  );
}
