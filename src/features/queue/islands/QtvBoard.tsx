import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { $realtimeStatus, READY, RESYNC, subscribe } from '#components/realtime/realtime-client.ts';
import Button from '#components/ui/Button.tsx';
import type { Locale } from '#i18n/locales.ts';
import { countMessage } from '#i18n/plural.ts';
import type { MessagesOf } from '#i18n/t.ts';
import { apiCall } from '#lib/api-client.ts';
import { formatTime } from '#lib/wall-time.ts';
import type { SpeechLanguage } from '../announcement';
import { type BoardCall, type BoardState, CALLED_EVENT } from '../board-state';
import { POINT_LABEL_KEYS, pointLabel, pointTexts } from '../point-label';
import { BoardStateResponse, CallMessage } from '../queue-api.schema';
import { applyCall, isStale, mergeFetched, POLL_MS } from './board-model';
import { BoardSound } from './board-sound';

export const QTV_MESSAGE_KEYS = [
  'queue.board.nowServing',
  'queue.board.next',
  'queue.board.missed',
  'queue.board.nobody',
  'queue.board.enableSound',
  'queue.board.soundOn',
  'queue.board.stale',
  'queue.board.live',
  'queue.board.callLine',
  'queue.board.waitingCount',
  ...POINT_LABEL_KEYS,
  'error.request',
] as const;

interface Props {
  initial: BoardState;
  channel: string;
  /** `/api/qtv/state?display=…&points=…` */
  stateUrl: string;
  locale: Locale;
  timeZone: string;
  tenantName: string;
  logoPath: string;
  languages: SpeechLanguage[];
  messages: MessagesOf<typeof QTV_MESSAGE_KEYS>;
}

/**
 * The waiting-room TV (issue 16): now serving per point (the latest call highlighted), the next
 * numbers per queue, recently missed numbers, a clock. Live over the realtime port; the full state
 * is fetched again on every (re)connect and every 15 s, so a board that was cut off catches up by
 * itself; when it cannot be sure it is current it says so (the stale banner) within seconds.
 * Numbers only, never names. Runs for days: every timer and subscription is released on unmount,
 * and what it remembers is bounded.
 */
export default function QtvBoard(props: Props) {
  const { messages: m } = props;
  const status = useStore($realtimeStatus);
  const [state, setState] = useState<BoardState>(props.initial);
  const [now, setNow] = useState(() => Date.now());
  const [fetchOk, setFetchOk] = useState(true);
  const [soundOn, setSoundOn] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const notOpenSince = useRef<number>(Date.now());
  const callsSeen = useRef({ count: 0, ids: new Set<string>(), order: [] as string[] });
  const [seenCount, setSeenCount] = useState(0);
  const sound = useMemo(() => new BoardSound(props.languages), [props.languages]);

  const texts = pointTexts(m);

  useEffect(() => {
    if (status === 'open') notOpenSince.current = Number.POSITIVE_INFINITY;
    else if (notOpenSince.current === Number.POSITIVE_INFINITY) notOpenSince.current = Date.now();
  }, [status]);

  useEffect(() => {
    let alive = true;
    let inFlight = false;
    let again = false;
    let soon: ReturnType<typeof setTimeout> | undefined;
    let flashTimer: ReturnType<typeof setTimeout> | undefined;
    /** The newest call the live connection brought. */
    let lastLive: BoardCall | null = null;
    let nudged = 0;

    const remember = (call: BoardCall): boolean => {
      const seen = callsSeen.current;
      if (seen.ids.has(call.callId)) return false;
      seen.ids.add(call.callId);
      seen.order.push(call.callId);
      if (seen.order.length > 200) seen.ids.delete(seen.order.shift() ?? '');
      seen.count += 1;
      setSeenCount(seen.count);
      return true;
    };

    const showCall = (call: BoardCall, speak: boolean) => {
      if (!remember(call)) return;
      if (!lastLive || Date.parse(call.at) >= Date.parse(lastLive.at)) lastLive = call;
      setState((previous) => applyCall(previous, call));
      setFlash(call.callId);
      clearTimeout(flashTimer);
      flashTimer = setTimeout(() => alive && setFlash(null), 8000);
      if (speak) sound.announce(call);
    };

    const refetch = async () => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      const answer = await apiCall(BoardStateResponse, props.stateUrl, {
        cache: 'no-store',
        locale: props.locale,
        failed: m['error.request'],
        signal: AbortSignal.timeout(10_000),
      });
      inFlight = false;
      if (!alive) return;
      // The display code was revoked: the page itself then asks for a code.
      if (!answer.ok && answer.status === 403) {
        window.location.reload();
        return;
      }
      setFetchOk(answer.ok);
      if (answer.ok) {
        const fresh = answer.data;
        setState(mergeFetched(fresh, lastLive));
        // The server answers but the live connection is still waiting out its backoff (up to
        // 30 s): the network is back, so tell the realtime client to try now (its 'online' hook).
        // At most every 10 s, so a live endpoint that keeps failing is not hammered.
        if ($realtimeStatus.get() === 'closed' && Date.now() - nudged > 10_000) {
          nudged = Date.now();
          dispatchEvent(new Event('online'));
        }
        // A call made while the board was cut off: shown, and spoken only if it is recent.
        const latest = fresh.latest;
        if (latest && !callsSeen.current.ids.has(latest.callId)) {
          const age = Date.parse(fresh.serverTime) - Date.parse(latest.at);
          showCall(latest, age < 60_000);
        }
      }
      if (again) {
        again = false;
        void refetch();
      }
    };
    const refetchSoon = (ms = 600) => {
      clearTimeout(soon);
      soon = setTimeout(() => void refetch(), ms);
    };

    // What the server rendered counts as seen: it is not announced again.
    if (props.initial.latest) remember(props.initial.latest);

    const unsubscribe = subscribe(props.channel, (event, data) => {
      if (event === CALLED_EVENT) {
        const call = CallMessage.safeParse(data);
        if (call.success) showCall(call.data, true);
        refetchSoon();
      } else if (event === READY || event === RESYNC) refetchSoon(0);
      else refetchSoon();
    });
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(() => void refetch(), POLL_MS);
    // Back on the network: catch up now rather than at the next poll.
    const online = (event: Event) => event.isTrusted && refetchSoon(0);
    addEventListener('online', online);
    return () => {
      alive = false;
      removeEventListener('online', online);
      unsubscribe();
      clearInterval(tick);
      clearInterval(poll);
      clearTimeout(soon);
      clearTimeout(flashTimer);
      sound.close();
    };
  }, [props.channel, props.stateUrl, props.locale, props.initial.latest, sound, m]);

  const stale = isStale({ status, notOpenSince: notOpenSince.current, fetchOk, now });
  const clock = formatTime(now, props.locale, props.timeZone);
  const latest = state.latest;
  const latestPoint = latest ? pointLabel(texts, latest.kind, latest.pointNumber) : '';
  // The point's name never breaks across lines ("Room / 1").
  const callLine = m['queue.board.callLine'].replace('{number}', latest?.number ?? '').split('{point}');

  return (
    <div
      className="flex min-h-screen flex-col bg-slate-950 text-white"
      data-qtv
      data-stale={stale ? 'yes' : 'no'}
      data-realtime={status}
      data-calls-seen={seenCount}
      data-latest={latest?.number ?? ''}
    >
      <header className="flex items-center gap-4 border-b border-white/10 px-[2vw] py-[1.5vh]">
        {props.logoPath && <img src={props.logoPath} alt="" className="h-[6vh] w-auto rounded bg-white p-1" />}
        <p className="text-[clamp(1.25rem,2.6vw,3rem)] font-semibold">{props.tenantName}</p>
        <p className="ml-auto flex items-center gap-3 text-[clamp(1rem,1.2vw,1.5rem)] text-slate-300">
          <span
            aria-hidden="true"
            className={`inline-block h-3 w-3 rounded-full ${stale ? 'bg-amber-400' : 'bg-emerald-400'}`}
          />
          <span>{stale ? '' : m['queue.board.live']}</span>
        </p>
        <p className="text-[clamp(1.5rem,3.2vw,4rem)] font-bold tabular-nums" data-clock>
          <time>{clock}</time>
        </p>
      </header>
      <div role="status" aria-live="polite">
        {stale && (
          <p
            className="bg-amber-400 px-[2vw] py-[1vh] text-center text-[clamp(1rem,1.6vw,2rem)] font-semibold text-slate-950"
            data-stale-banner
          >
            {m['queue.board.stale']}
          </p>
        )}
      </div>
      <main className="grid flex-1 gap-[2vw] p-[2vw] lg:grid-cols-[2fr_1fr]">
        <BoardSection id="qtv-serving" Heading="h1" title={m['queue.board.nowServing']}>
          {latest && (
            <p
              className={`mt-[1.5vh] rounded-2xl px-[2vw] py-[2vh] text-[clamp(1.5rem,2.7vw,3.5rem)] font-bold ${flash === latest.callId ? 'bg-amber-300 text-slate-950 motion-safe:animate-pulse' : 'bg-sky-900 text-white'}`}
              aria-live="assertive"
              data-latest-call={latest.number}
            >
              {callLine[0]}
              <span className="whitespace-nowrap">{latestPoint}</span>
              {callLine[1]}
            </p>
          )}
          <ul className="mt-[2vh] grid grid-cols-2 gap-[1.5vw] xl:grid-cols-3">
            {state.points.map((point) => {
              const highlighted = latest?.pointId === point.id && point.current?.number === latest.number;
              return (
                <li
                  key={point.id}
                  className={`rounded-2xl border-2 p-[1.5vw] ${highlighted ? 'border-amber-300 bg-slate-800' : 'border-white/10 bg-slate-900'}`}
                  data-point={point.id}
                >
                  <p className="text-[clamp(1rem,1.6vw,2rem)] text-slate-300">
                    {pointLabel(texts, point.kind, point.number)}
                  </p>
                  <p
                    className="text-[clamp(2.5rem,6vw,7.5rem)] font-bold leading-none tabular-nums"
                    data-serving={point.current?.number ?? ''}
                  >
                    {point.current?.number ?? m['queue.board.nobody']}
                  </p>
                </li>
              );
            })}
          </ul>
        </BoardSection>
        <aside className="flex flex-col gap-[2vh]">
          <BoardSection id="qtv-next" Heading="h2" title={m['queue.board.next']}>
            <ul className="mt-[1vh] space-y-[1vh]">
              {state.queues.map((queue) => (
                <li key={queue.id} className="rounded-xl bg-slate-900 p-[1vw]" data-next={queue.prefix}>
                  <p className="flex items-baseline justify-between text-[clamp(1rem,1.4vw,1.75rem)] text-slate-300">
                    <span>{queue.name}</span>
                    <span className="text-[0.8em]">
                      {countMessage(m, props.locale, 'queue.board.waitingCount', { count: queue.waiting })}
                    </span>
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-[1vw] text-[clamp(1.5rem,2.6vw,3.25rem)] font-semibold tabular-nums">
                    {queue.next.length ? (
                      queue.next.map((n) => <span key={n}>{n}</span>)
                    ) : (
                      <span className="text-slate-500">{m['queue.board.nobody']}</span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </BoardSection>
          {state.missed.length > 0 && (
            <section aria-labelledby="qtv-missed">
              <h2 id="qtv-missed" className="text-[clamp(1rem,1.6vw,2rem)] font-semibold text-slate-300">
                {m['queue.board.missed']}
              </h2>
              <p
                className="mt-1 flex flex-wrap gap-x-[1vw] text-[clamp(1.25rem,2vw,2.5rem)] tabular-nums text-slate-200"
                data-missed
              >
                {state.missed.map((n) => (
                  <span key={n}>{n}</span>
                ))}
              </p>
            </section>
          )}
          <div className="mt-auto">
            {soundOn ? (
              <p className="text-slate-400">{m['queue.board.soundOn']}</p>
            ) : (
              <Button
                variant="secondary"
                size="lg"
                data-enable-sound
                onClick={() => {
                  void sound.enable().then(
                    () => setSoundOn(true),
                    () => setSoundOn(false),
                  );
                }}
              >
                {m['queue.board.enableSound']}
              </Button>
            )}
          </div>
        </aside>
      </main>
    </div>
  );
}

/** A column of the board under its heading: the h1 (who is served now) or an h2 (who is next). */
function BoardSection({
  id,
  Heading,
  title,
  children,
}: {
  id: string;
  Heading: 'h1' | 'h2';
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Heading
        id={id}
        className="text-[clamp(1.25rem,2vw,2.5rem)] font-semibold uppercase tracking-wide text-slate-300"
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
