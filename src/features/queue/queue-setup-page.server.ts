// The loading of staff's waiting-room setup page (`/staff/queue/setup`): the queues and service
// points, the words the page shows for kinds and languages, the active queues a point may call
// from, and what was typed into a refused new queue or point (`kept`, shown again).
import type { Db } from '#db/client.server.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import type { PointKind } from './board-state';
import { queueSetupLists } from './queue-setup.server';

/** The words of the service points' kinds ("Counter 2", "Room 1"…), for pointLabel. */
export function pointTextsOf(t: Translate): Record<PointKind, string> {
  return {
    counter: t('queue.point.counter'),
    room: t('queue.point.room'),
    pharmacy: t('queue.point.pharmacy'),
    cashier: t('queue.point.cashier'),
  };
}

export async function queueSetupPage(
  db: Db,
  tenantId: string,
  words: { locale: Locale; t: Translate },
  kept: Record<string, string>,
) {
  const { locale, t } = words;
  const { queues, points } = await queueSetupLists(db, tenantId);
  const pointTexts = pointTextsOf(t);
  const kindTexts: Record<PointKind, string> = {
    counter: t('queue.setup.kind.counter'),
    room: t('queue.setup.kind.room'),
    pharmacy: t('queue.setup.kind.pharmacy'),
    cashier: t('queue.setup.kind.cashier'),
  };
  const languageNames: Record<string, string> = {
    en: t('queue.setup.nameEn'),
    ms: t('queue.setup.nameMs'),
    id: t('queue.setup.nameId'),
  };
  const queueLabel = (id: string) => {
    const q = queues.find((row) => row.id === id);
    return q ? `${q.prefix} · ${localized(q.name, locale)}` : '';
  };
  return {
    queues,
    points,
    pointTexts,
    kindTexts,
    languageNames,
    queueLabel,
    activeQueues: queues.filter((q) => q.active),
    newQueue: kept.action === 'queue-save' ? kept : {},
    newPoint: kept.action === 'point-save' ? kept : {},
  };
}
