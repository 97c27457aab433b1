import type { Translate } from '#i18n/t.ts';
import { json } from '#server/http.ts';

/**
 * A start the schedule never offers (off the slot grid, closed, too soon, beyond the booking
 * horizon): 422 with the reason on the `start` field — unlike 409 "just taken", choosing again
 * from a fresh list is not what went wrong.
 */
export function notOffered(t: Translate): Response {
  const error = t('booking.notOffered');
  return json({ error, reason: 'not_offered', fields: { start: error } }, { status: 422 });
}
