// The loading of the counter's console (`/staff/queue`) after its post: the queues and service
// points as they stand, a page of the missed tickets (`?missed=N`), the TV displays, the SMS
// settings and the words for the points' names.
import { pageCount, parsePage } from '#components/pagination/pagination-model.ts';
import type { Db } from '#db/client.server.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import { countryName } from '#lib/countries.ts';
import type { PointKind } from './board-state';
import { listDisplays } from './displays.server';
import { tenantCountry } from './kiosk-rules';
import { pointLabel } from './point-label';
import { type QueueTenant, queueSmsAbroad, queueSmsEnabled } from './queue.server';
import { pointTextsOf } from './queue-setup-page.server';
import { MISSED_PAGE_ROWS, staffQueue } from './queue-views.server';

export async function queueConsolePage(
  db: Db,
  tenant: QueueTenant,
  words: { locale: Locale; t: Translate },
  /** The address's query (`?missed=N`) and today's appointments, to mark those checked in. */
  input: { query?: URLSearchParams; bookingIds?: readonly string[] } = {},
) {
  const { locale, t } = words;
  const page = parsePage(input.query?.get('missed'));
  const view = await staffQueue(db, tenant, locale, { missedPage: page ?? 1, bookingIds: input.bookingIds });
  const { missed } = view;
  // Not a page number: 400; past the last page of missed tickets: 404 (page 1 of none exists).
  const pageIssue = page === null ? 400 : page > Math.max(1, pageCount(missed.total, MISSED_PAGE_ROWS)) ? 404 : null;
  const displays = await listDisplays(db, tenant.id);
  const smsOn = await queueSmsEnabled(db, tenant.id);
  const smsAbroad = await queueSmsAbroad(db, tenant.id);
  const pointTexts = pointTextsOf(t);
  return {
    pageIssue,
    view,
    displays,
    smsOn,
    smsAbroad,
    homeCountry: countryName(tenantCountry(tenant.timeZone), locale),
    /** A service point's name ("Counter 2"). */
    label: (kind: PointKind, number: number | null) => pointLabel(pointTexts, kind, number),
  };
}
