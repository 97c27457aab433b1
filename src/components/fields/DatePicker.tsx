// Its own island: react-day-picker and the date-fns locales load only on pages that render it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { type DateRange, DayPicker, type Matcher } from 'react-day-picker';
import { id as idLocale } from 'react-day-picker/locale/id';
import { ms as msLocale } from 'react-day-picker/locale/ms';
import 'react-day-picker/style.css';
import './date-picker.css';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import { parseIsoDate, parseIsoDates, toIsoDate } from './date-values';
import { FieldError, FieldLabel, useFieldIds } from './FieldParts';
import { describedBy } from './field-styles';
import { useFormSubmitValidation } from './form-validation';

/** The strings DatePicker needs: pass `pick(locale, DATEPICKER_MESSAGE_KEYS)`. */
export const DATEPICKER_MESSAGE_KEYS = [
  'datepicker.label',
  'datepicker.selected',
  'datepicker.none',
  'field.required',
  'field.optional',
] as const satisfies readonly MessageKey[];
export type DatePickerMessages = Record<(typeof DATEPICKER_MESSAGE_KEYS)[number], string>;

export type DatePickerMode = 'single' | 'range' | 'multiple';

export interface DatePickerProps {
  /**
   * Hidden inputs for plain form posts: single → `name`; range → `${name}.from` and `${name}.to`;
   * multiple → one `name` input per date. Values are 'yyyy-MM-dd'.
   */
  name: string;
  locale: Locale;
  messages: DatePickerMessages;
  mode?: DatePickerMode;
  /** Defaults to messages['datepicker.label']. */
  label?: string;
  required?: boolean;
  /** Earliest and latest selectable dates, 'yyyy-MM-dd'. */
  min?: string;
  max?: string;
  /** Dates that cannot be chosen, 'yyyy-MM-dd' (holidays, fully booked days). */
  blocked?: string[];
  /** Weekdays that cannot be chosen, 0 = Sunday. */
  blockedWeekdays?: number[];
  /** Initially selected dates, 'yyyy-MM-dd': one for single, [from, to] for range. */
  defaultValue?: string[];
  /** Month shown first, 'yyyy-MM-dd' (any day of it); defaults to the first selected date, min, or today. */
  month?: string;
  /** Most dates a multiple selection may hold. */
  maxDays?: number;
  /** Called with the selected dates, 'yyyy-MM-dd': [] | [day] | [from] | [from, to] | [...days]. */
  onChange?: (dates: string[]) => void;
  id?: string;
  className?: string;
}

const LOCALES = { en: undefined, ms: msLocale, id: idLocale } as const;

/**
 * A calendar for one date, a range, or several dates (SPEC.md §5): weeks start on Sunday, blocked
 * dates and dates outside min–max cannot be chosen, and it is keyboard accessible (arrow keys,
 * Page Up/Down for months, Home/End for the week, Enter/Space to pick).
 */
export default function DatePicker({
  name,
  locale,
  messages,
  mode = 'single',
  label,
  required = false,
  min,
  max,
  blocked,
  blockedWeekdays,
  defaultValue,
  month,
  maxDays,
  onChange,
  id,
  className,
}: DatePickerProps) {
  const { controlId: baseId, labelId, errorId } = useFieldIds(id, 'date');
  const statusId = `${baseId}-status`;
  const rootRef = useRef<HTMLDivElement>(null);

  const initial = useMemo(() => parseIsoDates(defaultValue), [defaultValue]);
  const [dates, setDates] = useState<Date[]>(mode === 'range' ? [] : initial);
  const [range, setRange] = useState<DateRange | undefined>(
    mode === 'range' && initial[0] ? { from: initial[0], to: initial[1] } : undefined,
  );
  const [error, setError] = useState<string | null>(null);

  // "Today" differs between the server's clock and zone and the visitor's, so the calendar itself
  // renders only after mount; the server sends the label and a same-sized placeholder.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const minDate = parseIsoDate(min);
  const maxDate = parseIsoDate(max);
  const disabled = useMemo(() => {
    const matchers: Matcher[] = parseIsoDates(blocked);
    const before = parseIsoDate(min);
    const after = parseIsoDate(max);
    if (before) matchers.push({ before });
    if (after) matchers.push({ after });
    if (blockedWeekdays?.length) matchers.push({ dayOfWeek: blockedWeekdays });
    return matchers;
  }, [blocked, min, max, blockedWeekdays]);

  const selected: string[] =
    mode === 'range'
      ? [range?.from, range?.to].filter((d): d is Date => Boolean(d)).map(toIsoDate)
      : dates.map(toIsoDate).sort();
  const full = mode === 'multiple' && maxDays !== undefined && dates.length >= maxDays;
  const complete = mode === 'range' ? Boolean(range?.from && range?.to) : selected.length > 0;

  const lastSent = useRef(selected.join(','));
  useEffect(() => {
    const key = selected.join(',');
    if (key === lastSent.current) return;
    lastSent.current = key;
    onChange?.(selected);
    if (complete) setError(null);
  });

  useFormSubmitValidation(rootRef, () => {
    const problem = required && !complete ? messages['field.required'] : null;
    setError(problem);
    return problem === null;
  });

  const summary = selected.length
    ? messages['datepicker.selected'].replace(
        '{dates}',
        mode === 'range'
          ? selected.map((d) => formatDate(parseIsoDate(d) as Date, locale)).join(' – ')
          : selected.map((d) => formatDate(parseIsoDate(d) as Date, locale)).join(', '),
      )
    : messages['datepicker.none'];

  const common = {
    locale: LOCALES[locale],
    weekStartsOn: 0 as const,
    disabled,
    defaultMonth: parseIsoDate(month) ?? initial[0] ?? minDate ?? undefined,
    startMonth: minDate ?? undefined,
    endMonth: maxDate ?? undefined,
    'aria-labelledby': labelId,
    footer: (
      <p id={statusId} className="mt-2 text-sm text-gray-700" data-date-summary>
        {summary}
      </p>
    ),
  };

  return (
    <div
      ref={rootRef}
      className={`serambi-calendar ${className ?? ''}`}
      data-date-picker={name}
      data-mode={mode}
      data-invalid={error ? 'true' : undefined}
      tabIndex={error ? -1 : undefined}
      aria-describedby={describedBy(error && errorId)}
    >
      <FieldLabel as="span" id={labelId} required={required} optionalLabel={messages['field.optional']}>
        {label ?? messages['datepicker.label']}
      </FieldLabel>
      <div
        className={`inline-block rounded-lg border bg-white p-3 shadow-sm ${error ? 'border-danger' : 'border-gray-300'}`}
      >
        {!mounted ? (
          <div className="h-[22rem] w-[18rem]" aria-hidden="true" />
        ) : mode === 'range' ? (
          <DayPicker {...common} mode="range" selected={range} onSelect={setRange} excludeDisabled />
        ) : mode === 'multiple' ? (
          <DayPicker
            {...common}
            // Once maxDays are chosen the other days are disabled, rather than DayPicker's own
            // max, which silently restarts the selection.
            disabled={
              full ? [...disabled, (date: Date) => !dates.some((d) => d.getTime() === date.getTime())] : disabled
            }
            mode="multiple"
            selected={dates}
            onSelect={(next) => setDates(next ?? [])}
          />
        ) : (
          <DayPicker {...common} mode="single" selected={dates[0]} onSelect={(next) => setDates(next ? [next] : [])} />
        )}
      </div>
      {mode === 'range' ? (
        <>
          <input type="hidden" name={`${name}.from`} value={selected[0] ?? ''} />
          <input type="hidden" name={`${name}.to`} value={selected[1] ?? ''} />
        </>
      ) : mode === 'multiple' ? (
        selected.map((d) => <input key={d} type="hidden" name={name} value={d} />)
      ) : (
        <input type="hidden" name={name} value={selected[0] ?? ''} />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
