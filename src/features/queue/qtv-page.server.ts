// The loading of the waiting-room TV (`/qtv?display=<code>[&points=<ids>][&speak=ms,en]`): with a
// live display code, the board's first state, its realtime channel, the address it reloads from
// and the languages it speaks; otherwise the code form, with the refusal (a wrong code: 403; past
// the guesses allowed an address: 429 and when to try again).
import type { Db } from '#db/client.server.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import { speechLanguages } from './announcement';
import { queueChannel } from './board-state';
import { openDisplay } from './displays.server';
import { qtvStateApiPath } from './paths';
import { type QueueTenant, queueChannelKey } from './queue.server';
import { parsePointFilter } from './queue-rules';
import { boardState } from './queue-views.server';

export type QtvPage =
  | {
      kind: 'board';
      status: 200;
      board: Awaited<ReturnType<typeof boardState>>;
      channel: string;
      stateUrl: string;
      languages: ReturnType<typeof speechLanguages>;
    }
  | { kind: 'code'; status: 200 | 403 | 429; retryAfterSeconds?: number; codeError: string | null };

export async function qtvPage(
  locals: { db: Db; tenant: QueueTenant; locale: Locale; t: Translate; clientIp: string },
  url: URL,
): Promise<QtvPage> {
  const { db, tenant, locale, t, clientIp } = locals;
  const opened = await openDisplay(db, { tenantId: tenant.id, code: url.searchParams.get('display'), ip: clientIp });
  const pointIds = parsePointFilter(url.searchParams.get('points'));
  if (opened.kind === 'open') {
    const query = new URLSearchParams({ display: opened.display.code });
    if (pointIds.length) query.set('points', pointIds.join(','));
    return {
      kind: 'board',
      status: 200,
      board: await boardState(db, tenant, { locale, pointIds }),
      channel: queueChannel(await queueChannelKey(db, tenant.id)),
      stateUrl: qtvStateApiPath(query),
      languages: speechLanguages(locale, url.searchParams.get('speak')),
    };
  }
  if (opened.kind === 'limited') {
    const minutes = Math.max(1, Math.ceil(opened.retryAfterSeconds / 60));
    return {
      kind: 'code',
      status: 429,
      retryAfterSeconds: opened.retryAfterSeconds,
      codeError: t('queue.board.tooManyCodes', { count: minutes }),
    };
  }
  if (opened.kind === 'bad') return { kind: 'code', status: 403, codeError: t('queue.board.badCode') };
  return { kind: 'code', status: 200, codeError: null };
}
