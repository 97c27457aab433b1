import type { IntakeQuestion } from '#db/schema/index.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import { addDays, dayClock, daysBetween, zonedDate } from '#lib/zoned-time.ts';
import type { BookingStatus } from './booking';

/** How many days the staff agenda shows, today included. */
export const AGENDA_DAYS = 14;

/** Statuses on the agenda; pending requests have their own list above it. */
export const AGENDA_STATUSES: BookingStatus[] = ['held', 'confirmed', 'completed', 'no_show'];

/** The agenda's period in the tenant's zone: from local midnight today, for `days` days. */
export function agendaWindow(
  now: Date,
  timeZone: string,
  days = AGENDA_DAYS,
): { today: string; from: Date; until: Date } {
  const today = zonedDate(now, timeZone);
  return {
    today,
    from: new Date(dayClock(today, timeZone).atOrAfter(0)),
    until: new Date(dayClock(addDays(today, days), timeZone).atOrAfter(0)),
  };
}

export interface AgendaDay<T> {
  /** 'yyyy-MM-dd' in the tenant's zone. */
  date: string;
  /** Days after today: 0 today, 1 tomorrow. */
  offset: number;
  items: T[];
}

/** Bookings (sorted by start) grouped by their day in the tenant's zone, days in order. */
export function groupByDay<T extends { booking: { startsAt: Date } }>(
  rows: readonly T[],
  timeZone: string,
  today: string,
): AgendaDay<T>[] {
  const days = new Map<string, T[]>();
  for (const row of [...rows].sort((a, b) => a.booking.startsAt.getTime() - b.booking.startsAt.getTime())) {
    const date = zonedDate(row.booking.startsAt, timeZone);
    const list = days.get(date);
    if (list) list.push(row);
    else days.set(date, [row]);
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, items]) => ({ date, offset: daysBetween(today, date), items }));
}

/** An intake answer as staff read it: the question in their language, yes/no translated. */
export interface IntakeAnswerRow {
  id: string;
  question: string;
  answer: string;
}

/**
 * A booking's intake answers in the order of the service's questions, each with its question's
 * text in the staff member's language (falling back through the other languages); an answer to
 * a question the service no longer asks keeps its id as the question.
 */
export function intakeAnswerRows(
  questions: readonly Pick<IntakeQuestion, 'id' | 'label' | 'kind'>[],
  answers: Readonly<Record<string, string>>,
  locale: Locale,
  words: { yes: string; no: string },
): IntakeAnswerRow[] {
  const rows: IntakeAnswerRow[] = [];
  const asked = new Set<string>();
  const show = (kind: string | undefined, value: string) =>
    kind === 'yes_no' && (value === 'yes' || value === 'no') ? words[value] : value;
  for (const question of questions) {
    asked.add(question.id);
    const value = answers[question.id];
    if (value)
      rows.push({
        id: question.id,
        question: localized(question.label, locale) || question.id,
        answer: show(question.kind, value),
      });
  }
  for (const [id, value] of Object.entries(answers)) {
    if (!asked.has(id) && value) rows.push({ id, question: id, answer: value });
  }
  return rows;
}

/** A stored address on one line: street, postcode and city, state, country; '' when none. */
export function addressLine(address: Readonly<Record<string, string>> | null | undefined): string {
  if (!address) return '';
  const part = (key: string) => (address[key] ?? '').trim();
  const town = [part('postcode'), part('city')].filter(Boolean).join(' ');
  return [part('address_1'), part('address_2'), town, part('state'), part('country')].filter(Boolean).join(', ');
}
