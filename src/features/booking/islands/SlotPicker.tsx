import { navigate } from 'astro:transitions/client';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import DatePicker, { DATEPICKER_MESSAGE_KEYS } from '#components/fields/DatePicker.tsx';
import Button from '#components/ui/Button.tsx';
import ChoiceCard from '#components/ui/ChoiceCard.tsx';
import { choiceChipClass } from '#components/ui/ui-classes.ts';
import { keepEmbed } from '#features/embeds/embed-links.ts';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, MessagesOf } from '#i18n/t.ts';
import { apiCall } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { $appointmentCart, mergeAppointmentCart, setAppointmentCart } from '#stores/carts.ts';
import { formPathWithChoice, monthChunks, monthOf, slotTime, unavailableDates } from '../appointment-flow';
import type { AvailabilityDay } from '../availability';
import { decodeAvailability } from '../availability-feed';
import { availabilityApiPath, bookingApiPath } from '../paths';
import { AvailabilityResponse, RescheduledResponse } from '../slot-page-answers';

/** The strings this island needs: the page passes `pick(locale, SLOT_PICKER_MESSAGE_KEYS)`. */
export const SLOT_PICKER_MESSAGE_KEYS = [
  ...DATEPICKER_MESSAGE_KEYS,
  'appointment.practitioner',
  'appointment.anyPractitioner',
  'appointment.anyPractitionerHint',
  'appointment.date',
  'appointment.times',
  'appointment.chooseDate',
  'appointment.noTimes',
  'appointment.loadingTimes',
  'appointment.loadFailed',
  'appointment.retry',
  'appointment.chooseTime',
  'appointment.continue',
  'appointment.yourChoice',
  'appointment.withPractitioner',
  'appointment.rescheduleConfirm',
  'appointment.moving',
  'error.request',
  'error.offline',
] as const satisfies readonly MessageKey[];

export interface SlotPickerProps {
  serviceId: string;
  /** Practitioners or rooms delivering the service; their title already in the page's language. */
  resources: { id: string; name: string; title: string }[];
  locale: Locale;
  /** The tenant's zone: slot times are shown on its clock. */
  timeZone: string;
  /** "Times are in Malaysia Time (GMT+8).", shown when the visitor's clock is on another offset. */
  zoneNote: { text: string; offsetMinutes: number };
  /** First and last bookable dates, 'yyyy-MM-dd' in the tenant's calendar. */
  min: string;
  max: string;
  /** Where the form step lives, locale prefix included. */
  formPath: string;
  /** Moving an existing booking instead of making one: Continue moves it (no form, no cart). */
  reschedule?: { publicId: string } | undefined;
  messages: MessagesOf<typeof SLOT_PICKER_MESSAGE_KEYS>;
}

type MonthState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; days: AvailabilityDay[] };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The slot step: practitioner ("any" or one), a date on the shared calendar (closed, blocked and
 * full days cannot be picked) and the free times of that day as a radio group. Availability comes
 * a month at a time from the API. Continue stores the choice in the appointment cart and goes to
 * the form step. The cart is read after mount only (localStorage is not there on the server).
 */
export default function SlotPicker({
  serviceId,
  resources,
  locale,
  timeZone,
  zoneNote,
  min,
  max,
  formPath,
  reschedule,
  messages: m,
}: SlotPickerProps) {
  const id = useId();
  const [resource, setResource] = useState<string>('any');
  const [date, setDate] = useState<string | null>(null);
  const [slotStart, setSlotStart] = useState<string | null>(null);
  const [months, setMonths] = useState<Record<string, MonthState>>({});
  const [reload, setReload] = useState(0);
  const [restored, setRestored] = useState<{ date: string } | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [cartRead, setCartRead] = useState(false);
  const [busy, setBusy] = useState(false);
  const focusDate = useRef<string | null>(null);
  const radios = useRef<(HTMLButtonElement | null)[]>([]);

  // Coming back (a taken slot, the browser's back button): the same practitioner and day again.
  useEffect(() => {
    setCartRead(true);
    const cart = $appointmentCart.get();
    if (!cart || cart.serviceId !== serviceId) return;
    if (cart.resourceId && (cart.resourceId === 'any' || resources.some((r) => r.id === cart.resourceId))) {
      setResource(cart.resourceId);
    }
    if (cart.date && cart.date >= min && cart.date <= max) {
      focusDate.current = cart.date;
      setDate(cart.date);
      setRestored({ date: cart.date });
      setPickerKey((k) => k + 1);
    }
  }, [serviceId, resources, min, max]);

  // A month at a time: the one in view first, then the rest of the bookable window.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload and resource restart the fetches
  useEffect(() => {
    if (!cartRead) return;
    const controller = new AbortController();
    const chunks = monthChunks(min, max);
    const first = monthOf(focusDate.current ?? min);
    chunks.sort((a, b) => Number(b.key === first) - Number(a.key === first));
    setMonths(Object.fromEntries(chunks.map((c) => [c.key, { state: 'loading' } as MonthState])));
    (async () => {
      for (const chunk of chunks) {
        const query = new URLSearchParams({ from: chunk.from, to: chunk.to, resource });
        const answer = await apiCall(AvailabilityResponse, availabilityApiPath(serviceId, query), {
          signal: controller.signal,
          locale,
          // Revalidated every time (an ETag makes it a 304): never a slot from an old answer.
          cache: 'no-cache',
          failed: m['appointment.loadFailed'],
        });
        if (controller.signal.aborted) return;
        const next: MonthState = answer.ok
          ? { state: 'ready', days: decodeAvailability(answer.data) }
          : { state: 'error' };
        setMonths((current) => ({ ...current, [chunk.key]: next }));
      }
    })();
    return () => controller.abort();
  }, [cartRead, serviceId, resource, min, max, locale, reload]);

  const days = useMemo(() => {
    const map = new Map<string, AvailabilityDay>();
    for (const month of Object.values(months)) {
      if (month.state === 'ready') for (const day of month.days) map.set(day.date, day);
    }
    return map;
  }, [months]);
  const statusByDate = useMemo(() => new Map([...days].map(([d, day]) => [d, day.status])), [days]);
  const blocked = useMemo(() => unavailableDates(min, max, statusByDate), [min, max, statusByDate]);
  const loading = Object.values(months).some((month) => month.state === 'loading');
  const failed = Object.values(months).some((month) => month.state === 'error');

  const day = date ? days.get(date) : undefined;
  const slots = day?.status === 'available' ? day.slots : [];
  const chosen = slots.find((s) => s.start === slotStart) ?? null;
  const dayLoading = date !== null && months[monthOf(date)]?.state === 'loading';

  // A slot that vanished on refresh (someone took it) is no longer chosen.
  useEffect(() => {
    if (slotStart && day && !day.slots.some((s) => s.start === slotStart)) setSlotStart(null);
  }, [day, slotStart]);

  const choose = (start: string) => {
    setSlotStart(start);
    setProblem(null);
  };

  const onRadioKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in keys) && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const current = Math.max(
      0,
      slots.findIndex((s) => s.start === slotStart),
    );
    const last = slots.length - 1;
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : (current + (keys[event.key] as number) + slots.length) % slots.length;
    const slot = slots[target];
    if (!slot) return;
    choose(slot.start);
    radios.current[target]?.focus();
  };

  const practitionerName = (resourceId: string) => resources.find((r) => r.id === resourceId)?.name ?? '';
  const when = chosen ? formatDateTime(new Date(chosen.start), locale, timeZone) : '';
  const summary = chosen
    ? `${fill(m['appointment.yourChoice'], { when })}${
        resource === 'any' ? '' : ` ${fill(m['appointment.withPractitioner'], { name: practitionerName(resource) })}`
      }`
    : '';

  const next = async () => {
    if (!chosen || !date) {
      setProblem(m['appointment.chooseTime']);
      return;
    }
    setBusy(true);
    if (reschedule) {
      await move(reschedule.publicId, chosen.start);
      return;
    }
    const choice = { serviceId, resourceId: resource, date, slotStart: chosen.start };
    // The same service keeps the details typed before; another service starts a fresh cart.
    if ($appointmentCart.get()?.serviceId === serviceId) mergeAppointmentCart(choice);
    else setAppointmentCart(choice);
    await navigate(keepEmbed(formPathWithChoice(formPath, choice), location.href));
    setBusy(false);
  };

  const move = async (publicId: string, start: string) => {
    const answer = await apiCall(RescheduledResponse, bookingApiPath(publicId, 'reschedule'), {
      method: 'POST',
      locale,
      body: { resourceId: resource, start },
      failed: m['error.request'],
      offline: m['error.offline'],
    });
    if (answer.ok) {
      await navigate(keepEmbed(`${answer.data.path}&moved=1`, location.href));
      return;
    }
    setProblem(answer.message);
    // Taken meanwhile: fresh times, the same day kept.
    if (answer.reason === 'slot_taken') setReload((n) => n + 1);
    setBusy(false);
  };

  // Known only in the browser, so decided after mount: the server's HTML never shows it (no mismatch).
  const [otherZone, setOtherZone] = useState(false);
  useEffect(() => setOtherZone(-new Date().getTimezoneOffset() !== zoneNote.offsetMinutes), [zoneNote.offsetMinutes]);

  const timesLabelId = `${id}-times`;
  return (
    <div className="grid gap-6" data-slot-picker>
      {resources.length > 1 && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold text-gray-900">{m['appointment.practitioner']}</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {[
              { id: 'any', name: m['appointment.anyPractitioner'], title: m['appointment.anyPractitionerHint'] },
              ...resources,
            ].map((r) => (
              <ChoiceCard
                key={r.id}
                name={`${id}-resource`}
                value={r.id}
                checked={resource === r.id}
                onChange={() => {
                  setResource(r.id);
                  setSlotStart(null);
                }}
                description={r.title}
              >
                {r.name}
              </ChoiceCard>
            ))}
          </div>
        </fieldset>
      )}

      <div className="grid gap-6 md:grid-cols-[auto_1fr]">
        <div aria-busy={loading || undefined}>
          <DatePicker
            key={pickerKey}
            name="date"
            locale={locale}
            messages={m}
            label={m['appointment.date']}
            required
            min={min}
            max={max}
            blocked={blocked}
            defaultValue={restored ? [restored.date] : undefined}
            month={restored?.date ?? min}
            onChange={(dates) => {
              setDate(dates[0] ?? null);
              setSlotStart(null);
              setProblem(null);
            }}
          />
          <p
            role="status"
            className="mt-2 min-h-6 text-sm text-gray-700"
            data-availability={loading ? 'loading' : 'ready'}
          >
            {loading ? m['appointment.loadingTimes'] : ''}
          </p>
          {failed && !loading && (
            <p role="alert" className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-800">
              {m['appointment.loadFailed']}
              <Button variant="link" size="sm" className="px-2 py-1" onClick={() => setReload((n) => n + 1)}>
                {m['appointment.retry']}
              </Button>
            </p>
          )}
        </div>

        <div className="min-w-0">
          <h3 id={timesLabelId} className="mb-2 font-semibold text-gray-900">
            {m['appointment.times']}
          </h3>
          {otherZone && (
            <p className="mb-2 text-sm text-gray-700" data-time-zone-note>
              {zoneNote.text}
            </p>
          )}
          {!date || dayLoading ? (
            <p className="text-gray-700">{dayLoading ? m['appointment.loadingTimes'] : m['appointment.chooseDate']}</p>
          ) : slots.length === 0 ? (
            <p className="text-gray-700">{m['appointment.noTimes']}</p>
          ) : (
            <div
              role="radiogroup"
              aria-labelledby={timesLabelId}
              onKeyDown={onRadioKeyDown}
              className="grid grid-cols-3 gap-2 sm:grid-cols-4"
              data-slots={date}
            >
              {slots.map((slot, index) => {
                const checked = slot.start === slotStart;
                const focusable = checked || (!chosen && index === 0);
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a radio group of buttons keeps the time grid compact
                  <button
                    key={slot.start}
                    ref={(node) => {
                      radios.current[index] = node;
                    }}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    tabIndex={focusable ? 0 : -1}
                    data-slot={slot.start}
                    onClick={() => choose(slot.start)}
                    className={choiceChipClass(checked)}
                  >
                    {slotTime(slot.start, locale, timeZone)}
                  </button>
                );
              })}
            </div>
          )}
        </div>
      </div>

      <div className="grid gap-3 border-t border-gray-200 pt-4 sm:flex sm:items-center sm:justify-between">
        <p className="text-gray-900" aria-live="polite" data-slot-summary>
          {summary}
        </p>
        {problem && (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <Button size="lg" onClick={next} loading={busy}>
          {reschedule
            ? busy
              ? m['appointment.moving']
              : m['appointment.rescheduleConfirm']
            : m['appointment.continue']}
        </Button>
      </div>
    </div>
  );
}
