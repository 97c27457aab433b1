import type { PointKind } from './board-state';

/** The message key of a service point's name; counters and rooms take their number as `{n}`. */
export function pointLabelKey(kind: PointKind): `queue.point.${PointKind}` {
  return `queue.point.${kind}`;
}

/** A point's name from its kind's text ("Room {n}" → "Room 2"). */
export function pointLabel(texts: Record<PointKind, string>, kind: PointKind, number: number | null): string {
  return (texts[kind] ?? kind).replace('{n}', number === null ? '' : String(number)).trim();
}

/** The message keys of the points' names, for the key list of an island that shows points. */
export const POINT_LABEL_KEYS = [
  'queue.point.counter',
  'queue.point.room',
  'queue.point.pharmacy',
  'queue.point.cashier',
] as const satisfies readonly ReturnType<typeof pointLabelKey>[];

/** The points' names by kind, from an island's messages (texts for `pointLabel`). */
export function pointTexts(m: Record<(typeof POINT_LABEL_KEYS)[number], string>): Record<PointKind, string> {
  return {
    counter: m['queue.point.counter'],
    room: m['queue.point.room'],
    pharmacy: m['queue.point.pharmacy'],
    cashier: m['queue.point.cashier'],
  };
}
