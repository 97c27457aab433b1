import { z } from 'zod';
import { defineTemplate, greeting, letterFields, pageLink, templateRegistration } from '#server/outbox/templates.ts';

// The outbox templates of loyalty (issue 14); wording under `loyalty.message.*` in the catalogues.

const Programme = z.string().trim().min(1).max(200);

export const PointsEarnedPayload = z.object({
  ...letterFields,
  programme: Programme,
  points: z.number().int().min(1),
  balance: z.number().int(),
  link: pageLink,
});

export const RewardRedeemedPayload = z.object({
  ...letterFields,
  reward: z.string().trim().min(1).max(200),
  code: z.string().trim().max(20),
  link: pageLink,
});

export const PointsExpiringPayload = z.object({
  ...letterFields,
  programme: Programme,
  points: z.number().int().min(1),
  date: z.string().trim().min(1).max(60),
  link: pageLink,
});

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'loyalty-points-earned': typeof PointsEarnedPayload;
    'loyalty-reward-redeemed': typeof RewardRedeemedPayload;
    'loyalty-points-expiring': typeof PointsExpiringPayload;
  }
}

export const pointsEarnedTemplate = defineTemplate({
  name: 'loyalty-points-earned',
  payload: PointsEarnedPayload,
  render: ({ organisation, name, programme, points, balance, link }, t) => ({
    subject: t('loyalty.message.earnedSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('loyalty.message.earned', { points, count: points, programme, balance }),
      t('loyalty.message.link', { link }),
    ],
  }),
});

export const rewardRedeemedTemplate = defineTemplate({
  name: 'loyalty-reward-redeemed',
  payload: RewardRedeemedPayload,
  render: ({ organisation, name, reward, code, link }, t) => ({
    subject: t('loyalty.message.redeemedSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      code ? t('loyalty.message.redeemedCode', { reward, code }) : t('loyalty.message.redeemed', { reward }),
      t('loyalty.message.link', { link }),
    ],
  }),
});

export const pointsExpiringTemplate = defineTemplate({
  name: 'loyalty-points-expiring',
  payload: PointsExpiringPayload,
  render: ({ organisation, name, programme, points, date, link }, t) => ({
    subject: t('loyalty.message.expiringSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('loyalty.message.expiring', { points, count: points, programme, date }),
      t('loyalty.message.link', { link }),
    ],
  }),
});

export const registerLoyaltyTemplates = templateRegistration(
  pointsEarnedTemplate,
  rewardRedeemedTemplate,
  pointsExpiringTemplate,
);
