/**
 * Setting up queues and service points (issue 16 follow-up): the pure checks of the set-up forms.
 * No I/O: tested in queue-setup-rules.test.ts.
 */
import { LOCALES, type LocalizedText } from '#i18n/locales.ts';
import { parseUuid } from '#lib/input.ts';
import type { PointKind } from './board-state';
import { PREFIX } from './queue-rules';

/** A queue prefix: one or two capital letters (A, P, RX), unique per tenant. */
export const QUEUE_PREFIX = PREFIX;
export const QUEUE_NAME_MAX = 60;
export const POINT_NUMBER_MAX = 99;
export const POINT_KINDS: readonly PointKind[] = ['counter', 'room', 'pharmacy', 'cashier'];

export type SetupErrorKey =
  | 'queue.setup.error.prefix'
  | 'queue.setup.error.name'
  | 'queue.setup.error.nameLength'
  | 'queue.setup.error.kind'
  | 'queue.setup.error.number'
  | 'queue.setup.error.queue';

export type Parsed<T> = { ok: true; value: T } | { ok: false; key: SetupErrorKey };

export interface QueueFields {
  prefix: string;
  name: LocalizedText;
  kiosk: boolean;
}

/** The queue form: `prefix`, `name_en`/`name_ms`/`name_id` (at least one), `kiosk` (checkbox). */
export function parseQueueForm(form: Record<string, string | undefined>): Parsed<QueueFields> {
  const prefix = (form.prefix ?? '').trim().toUpperCase();
  if (!QUEUE_PREFIX.test(prefix)) return { ok: false, key: 'queue.setup.error.prefix' };
  const name = Object.fromEntries(
    LOCALES.map((locale) => [locale, (form[`name_${locale}`] ?? '').trim().replace(/\s+/g, ' ')]),
  ) as LocalizedText;
  const names = Object.values(name);
  if (names.some((n) => n.length > QUEUE_NAME_MAX)) return { ok: false, key: 'queue.setup.error.nameLength' };
  if (!names.some(Boolean)) return { ok: false, key: 'queue.setup.error.name' };
  return { ok: true, value: { prefix, name, kiosk: form.kiosk === 'on' } };
}

export interface PointFields {
  kind: PointKind;
  /** "Room 2"; null for the only one of its kind (the pharmacy). */
  number: number | null;
  queueId: string;
}

/** The service point form: `kind`, `number` (1–99 or empty), `queueId`. */
export function parsePointForm(form: Record<string, string | undefined>): Parsed<PointFields> {
  const kind = POINT_KINDS.find((k) => k === form.kind);
  if (!kind) return { ok: false, key: 'queue.setup.error.kind' };
  const typed = (form.number ?? '').trim();
  let number: number | null = null;
  if (typed) {
    if (!/^\d{1,2}$/.test(typed) || Number(typed) < 1 || Number(typed) > POINT_NUMBER_MAX)
      return { ok: false, key: 'queue.setup.error.number' };
    number = Number(typed);
  }
  const queueId = parseUuid(form.queueId);
  if (!queueId) return { ok: false, key: 'queue.setup.error.queue' };
  return { ok: true, value: { kind, number, queueId } };
}
