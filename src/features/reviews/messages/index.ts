import { z } from 'zod';
import { defineTemplate, greeting, letterFields, pageLink, templateRegistration } from '#server/outbox/templates.ts';

// The outbox templates of reviews (issue 15); wording under `review.message.*` in the three
// catalogues. An invitation offers nothing in return for a review (no incentives).

export const ReviewInvitationPayload = z.object({
  ...letterFields,
  link: pageLink,
  unsubscribeLink: pageLink,
});

export const ReviewReplyPayload = z.object({
  ...letterFields,
  reply: z.string().trim().min(1).max(2000),
});

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'review-invitation': typeof ReviewInvitationPayload;
    'review-reply': typeof ReviewReplyPayload;
  }
}

export const reviewInvitationTemplate = defineTemplate({
  name: 'review-invitation',
  payload: ReviewInvitationPayload,
  render: ({ organisation, name, link, unsubscribeLink }, t) => ({
    subject: t('review.message.inviteSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('review.message.invite', { organisation }),
      t('review.message.inviteLink', { link }),
      t('review.message.unsubscribe', { link: unsubscribeLink }),
    ],
  }),
  // An invitation a week late is noise.
  validForMs: () => 7 * 24 * 60 * 60 * 1000,
});

export const reviewReplyTemplate = defineTemplate({
  name: 'review-reply',
  payload: ReviewReplyPayload,
  render: ({ organisation, name, reply }, t) => ({
    subject: t('review.message.replySubject', { organisation }),
    paragraphs: [greeting(t, name), t('review.message.reply', { organisation }), reply],
  }),
});

/** Registers the templates of reviews on the outbox (from src/app.server.ts). */
export const registerReviewTemplates = templateRegistration(reviewInvitationTemplate, reviewReplyTemplate);
