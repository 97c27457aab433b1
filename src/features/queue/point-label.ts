import type { PointKind } from './board-state';

/** The message key of a service point's name; counters and rooms take their number as `{n}`. */
export function pointLabelKey(kind: PointKind): `queue.point.${PointKind}` {
  return `queue.point.${kind}`;
}

/** A point's name from its kind's text ("Room {n}" → "Room 2"). */
export function pointLabel(texts: Record<PointKind, string>, kind: PointKind, number: number | null): string {
  return (texts[kind] ?? kind).replace('{n}', number === null ? '' : String(number)).trim();
}
