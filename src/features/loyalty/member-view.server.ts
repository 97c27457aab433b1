import type { Db } from '#db/client.server.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import type { EntryRow, ProgrammeRow } from './loyalty-repo.server';
import type { MemberPanelData } from './member-panel-data';
import { memberStanding, membershipOf } from './membership.server';

/** The words of an entry's reason: a message key, or what staff typed. */
export function reasonText(entry: Pick<EntryRow, 'reason'>, t: Translate): string {
  const translated = t(entry.reason as MessageKey);
  return translated === entry.reason && !entry.reason.startsWith('loyalty.') ? entry.reason : translated;
}

export function signedPoints(points: number, locale: Locale): string {
  const n = new Intl.NumberFormat(locale === 'id' ? 'id-ID' : locale === 'ms' ? 'ms-MY' : 'en-MY');
  return points > 0 ? `+${n.format(points)}` : n.format(points);
}

/** Entries per page of the member panel's history. */
export const HISTORY_PAGE = 20;

/**
 * The member panel of a programme page, for the logged-in customer (or an empty one): a page of
 * `HISTORY_PAGE` entries older than `before` (the newest without it) and, when older ones exist,
 * the cursor of the next page. The same few queries whatever the ledger's length.
 */
export async function memberPanel(
  db: Db,
  input: {
    tenant: { id: string; timeZone: string };
    programme: ProgrammeRow;
    customerId: string | null;
    locale: Locale;
    t: Translate;
    before?: string | null;
    now?: Date;
  },
): Promise<MemberPanelData> {
  const { t, locale, tenant } = input;
  const empty = {
    member: false,
    loggedIn: input.customerId !== null,
    name: '',
    balance: '',
    tier: '',
    progress: '',
    expiring: [],
    history: [],
    next: '',
  };
  if (!input.customerId) return empty;
  const member = await membershipOf(db, tenant.id, input.customerId, input.programme.id);
  if (!member) return empty;
  const standing = await memberStanding(db, input.programme, member, input.now, {
    history: { limit: HISTORY_PAGE, before: input.before ?? null },
    vouchers: false,
  });
  const n = (v: number) => signedPoints(v, locale).replace(/^\+/, '');
  const date = (d: Date) => formatDate(d, locale, tenant.timeZone);
  return {
    member: true,
    loggedIn: true,
    name: member.name,
    balance: t('loyalty.member.balance', { points: n(standing.balance), count: standing.balance }),
    tier: standing.tier?.current
      ? t('loyalty.member.tier', { tier: localized(standing.tier.current.name, locale) })
      : '',
    progress: standing.tier?.next
      ? t('loyalty.member.toNext', {
          points: n(standing.tier.toNext),
          count: standing.tier.toNext,
          tier: localized(standing.tier.next.name, locale),
        })
      : '',
    expiring: standing.expiringSoon.map((e) =>
      t('loyalty.member.expiringLine', { points: n(e.points), count: e.points, date: date(e.expiresAt) }),
    ),
    history: standing.history.map((e) => ({
      id: e.id,
      when: date(e.createdAt),
      reason: reasonText(e, t),
      source: e.sourceKind && e.sourceId && e.sourceKind !== 'lot' && e.sourceKind !== 'reward' ? e.sourceId : '',
      points: signedPoints(e.points, locale),
      expires: e.expiresAt ? t('loyalty.member.expiresOn', { date: date(e.expiresAt) }) : '',
    })),
    next: standing.more ? (standing.history.at(-1)?.id ?? '') : '',
  };
}
