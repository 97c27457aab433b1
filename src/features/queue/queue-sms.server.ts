import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { isLocale } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { env } from '#server/config.server.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import type { PointKind } from './board-state';
import { queueTicketPath } from './paths';
import { pointLabel, pointLabelKey } from './point-label';
import * as consoleRepo from './queue-console-repo.server';
import * as repo from './queue-repo.server';

export type SmsTenant = Pick<Tenant, 'id' | 'timeZone'> & Partial<Pick<Tenant, 'name' | 'primaryHost'>>;

/**
 * The queue's SMS, written in the transaction of the change that causes them (a call): "called"
 * to the ticket just called, "near" to every ticket now within the tenant's `smsNearAhead` of the
 * front — each at most once (the sent-at columns). Only when the tenant turned SMS on, only to
 * tickets with a phone (kiosk). Answers how many were enqueued (the caller kicks the outbox).
 */
export async function enqueueQueueSms(
  tx: Db,
  tenant: SmsTenant,
  input: { queueId: string; serviceDate: string; called?: repo.TicketRow | null; now: Date },
): Promise<number> {
  const settings = await repo.findSettings(tx, tenant.id);
  if (!settings?.smsEnabled || !tenant.name) return 0;
  const origin = tenant.primaryHost ? `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}` : 'http://localhost';
  const locale = (ticket: repo.TicketRow) => (isLocale(ticket.locale) ? ticket.locale : 'en');
  const link = (ticket: repo.TicketRow) => `${origin}${queueTicketPath(locale(ticket), ticket.publicId)}`;
  let sent = 0;
  const called = input.called;
  if (called?.phone && !called.smsCalledSentAt && called.pointId) {
    const point = await repo.findPoint(tx, tenant.id, called.pointId);
    if (point) {
      const t = translator(locale(called));
      const kind = point.kind as PointKind;
      const texts = { [kind]: t(pointLabelKey(kind)) } as Record<PointKind, string>;
      await enqueueMessage(tx, {
        tenantId: tenant.id,
        channel: 'sms',
        destination: called.phone,
        locale: locale(called),
        template: 'queue-called',
        payload: {
          organisation: tenant.name,
          number: called.number,
          point: pointLabel(texts, kind, point.number),
          link: link(called),
        },
      });
      await repo.updateTicket(tx, tenant.id, called.id, { smsCalledSentAt: input.now });
      sent += 1;
    }
  }
  // Only the first few waiting can be near their turn: read those, not the day's tickets.
  const waiting = await consoleRepo.firstWaiting(
    tx,
    tenant.id,
    input.queueId,
    input.serviceDate,
    settings.smsNearAhead + 1,
  );
  for (const [ahead, ticket] of waiting.entries()) {
    if (!ticket.phone || ticket.smsNearSentAt) continue;
    await enqueueMessage(tx, {
      tenantId: tenant.id,
      channel: 'sms',
      destination: ticket.phone,
      locale: locale(ticket),
      template: 'queue-near',
      payload: { organisation: tenant.name, number: ticket.number, ahead, link: link(ticket) },
    });
    await repo.updateTicket(tx, tenant.id, ticket.id, { smsNearSentAt: input.now });
    sent += 1;
  }
  return sent;
}
