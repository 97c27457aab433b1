import type { Db } from '#db/client.server.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { isLocale, type Locale, localized } from '#i18n/locales.ts';
import { formatDate } from '#lib/dates.ts';
import { env } from '#server/config.server.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import { type MemberRow, memberContact, type ProgrammeRow } from './loyalty-repo.server';
import { programmePath } from './paths';

/** The member's programme page, absolute (messages are built outside a request). */
export function programmeLink(tenant: { primaryHost: string }, locale: Locale, programmePublicId: string): string {
  return `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}${programmePath(locale, programmePublicId)}`;
}

type Note =
  | { template: 'loyalty-points-earned'; points: number; balance: number }
  | { template: 'loyalty-reward-redeemed'; reward: Record<string, string>; code: string }
  | { template: 'loyalty-points-expiring'; points: number; date: Date };

/**
 * Tells a member, in their language, through the outbox in the caller's transaction: by SMS to
 * their phone, else by e-mail. Nothing when they have neither.
 */
export async function notifyMember(tx: Db, member: MemberRow, programme: ProgrammeRow, note: Note): Promise<boolean> {
  const contact = await memberContact(tx, member.tenantId, member.id);
  const tenant = await findTenantById(tx, member.tenantId);
  if (!contact || !tenant) return false;
  const destination = contact.phone
    ? { channel: 'sms' as const, destination: contact.phone }
    : contact.email
      ? { channel: 'email' as const, destination: contact.email }
      : null;
  if (!destination) return false;
  const locale: Locale = isLocale(member.locale) ? member.locale : 'en';
  const common = {
    organisation: tenant.name,
    name: member.name,
    link: programmeLink(tenant, locale, programme.publicId),
  };
  const envelope = { tenantId: member.tenantId, locale, ...destination };
  const name = localized(programme.name, locale) || tenant.name;
  if (note.template === 'loyalty-points-earned') {
    await enqueueMessage(tx, {
      ...envelope,
      template: note.template,
      payload: { ...common, programme: name, points: note.points, balance: note.balance },
    });
  } else if (note.template === 'loyalty-reward-redeemed') {
    await enqueueMessage(tx, {
      ...envelope,
      template: note.template,
      payload: { ...common, reward: localized(note.reward, locale) || name, code: note.code },
    });
  } else {
    // SPEC.md §9's date format ("dd Mon yyyy"), in the tenant's time zone, as every page writes it.
    const date = formatDate(note.date, locale, tenant.timeZone);
    await enqueueMessage(tx, {
      ...envelope,
      template: note.template,
      payload: { ...common, programme: name, points: note.points, date },
    });
  }
  return true;
}
