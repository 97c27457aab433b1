import { z } from 'zod';
import { defineTemplate, organisationName, pageLink, templateRegistration } from '#server/outbox/templates.ts';

// The queue's SMS (issue 16): to a visitor who took a kiosk ticket with their phone, when their
// turn is near and when they are called; wording under `queue.message.*`. Numbers only.

const TicketNumber = z.string().trim().min(2).max(10);

export const QueueNearPayload = z.object({
  organisation: organisationName,
  number: TicketNumber,
  ahead: z.number().int().min(0),
  link: pageLink,
});

export const QueueCalledPayload = z.object({
  organisation: organisationName,
  number: TicketNumber,
  /** The point's name in the visitor's language ("Bilik 2"). */
  point: z.string().trim().min(1).max(60),
  link: pageLink,
});

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'queue-near': typeof QueueNearPayload;
    'queue-called': typeof QueueCalledPayload;
  }
}

export const queueNearTemplate = defineTemplate({
  name: 'queue-near',
  payload: QueueNearPayload,
  render: ({ organisation, number, ahead, link }, t) => ({
    subject: t('queue.message.nearSubject', { number, organisation }),
    paragraphs: [t('queue.message.near', { number, organisation, count: ahead, link })],
  }),
  // Stale after half an hour: the turn has come and gone.
  validForMs: () => 30 * 60_000,
});

export const queueCalledTemplate = defineTemplate({
  name: 'queue-called',
  payload: QueueCalledPayload,
  render: ({ organisation, number, point, link }, t) => ({
    subject: t('queue.message.calledSubject', { number, organisation }),
    paragraphs: [t('queue.message.called', { number, organisation, point, link })],
  }),
  validForMs: () => 15 * 60_000,
});

export const registerQueueTemplates = templateRegistration(queueNearTemplate, queueCalledTemplate);
