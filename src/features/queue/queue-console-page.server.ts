// The loading of the counter's console (`/staff/queue`) after its post: the queues and service
// points as they stand, the TV displays, the SMS settings and the words for the points' names.
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
import { staffQueue } from './queue-views.server';

export async function queueConsolePage(db: Db, tenant: QueueTenant, words: { locale: Locale; t: Translate }) {
  const { locale, t } = words;
  const view = await staffQueue(db, tenant, locale);
  const displays = await listDisplays(db, tenant.id);
  const smsOn = await queueSmsEnabled(db, tenant.id);
  const smsAbroad = await queueSmsAbroad(db, tenant.id);
  const pointTexts = pointTextsOf(t);
  return {
    view,
    displays,
    smsOn,
    smsAbroad,
    homeCountry: countryName(tenantCountry(tenant.timeZone), locale),
    /** A service point's name ("Counter 2"). */
    label: (kind: PointKind, number: number | null) => pointLabel(pointTexts, kind, number),
  };
}
