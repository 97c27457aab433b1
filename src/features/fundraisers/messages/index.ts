import { z } from 'zod';
import {
  defineTemplate,
  greeting,
  letterFields,
  pageLink,
  templateRegistration,
  when,
} from '#server/outbox/templates.ts';

// The outbox templates of fundraisers (issue 13); wording under `fundraiser.message.*`.

const Name = z.string().trim().max(200);

export const FundraiserGiftPayload = z.object({
  ...letterFields,
  title: z.string().trim().min(1).max(200),
  amount: z.string().trim().min(1).max(40),
  /** The donor's name, or the word for anonymous. */
  donor: Name,
  message: z.string().trim().max(600).default(''),
  raised: z.string().trim().min(1).max(40),
  link: pageLink,
});

export const FundraiserApprovedPayload = z.object({
  ...letterFields,
  title: z.string().trim().min(1).max(200),
  link: pageLink,
});

export const FundraiserThanksPayload = z.object({
  ...letterFields,
  fundraiser: Name,
  message: z.string().trim().min(1).max(600),
  link: pageLink,
});

export const FundraiserDigestPayload = z.object({
  ...letterFields,
  title: z.string().trim().min(1).max(200),
  count: z.number().int().min(1),
  amount: z.string().trim().min(1).max(40),
  raised: z.string().trim().min(1).max(40),
  link: pageLink,
});

/** To an owner of the organisation: a page was hidden because enough people reported it. */
export const FundraiserReportedPayload = z.object({
  ...letterFields,
  title: z.string().trim().min(1).max(200),
  count: z.number().int().min(1),
  link: pageLink,
});

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'fundraiser-gift': typeof FundraiserGiftPayload;
    'fundraiser-approved': typeof FundraiserApprovedPayload;
    'fundraiser-thanks': typeof FundraiserThanksPayload;
    'fundraiser-digest': typeof FundraiserDigestPayload;
    'fundraiser-reported': typeof FundraiserReportedPayload;
  }
}

export const fundraiserGiftTemplate = defineTemplate({
  name: 'fundraiser-gift',
  payload: FundraiserGiftPayload,
  render: ({ organisation, name, title, amount, donor, message, raised, link }, t) => ({
    subject: t('fundraiser.message.giftSubject', { amount, organisation }),
    paragraphs: [
      greeting(t, name),
      t('fundraiser.message.gift', { amount, donor, title }),
      ...when(message, () => t('fundraiser.message.giftMessage', { message })),
      t('fundraiser.message.giftRaised', { raised }),
      t('fundraiser.message.link', { link }),
    ],
  }),
});

export const fundraiserApprovedTemplate = defineTemplate({
  name: 'fundraiser-approved',
  payload: FundraiserApprovedPayload,
  render: ({ organisation, name, title, link }, t) => ({
    subject: t('fundraiser.message.approvedSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('fundraiser.message.approved', { title }),
      t('fundraiser.message.link', { link }),
    ],
  }),
});

export const fundraiserThanksTemplate = defineTemplate({
  name: 'fundraiser-thanks',
  payload: FundraiserThanksPayload,
  render: ({ organisation, name, fundraiser, message, link }, t) => ({
    subject: t('fundraiser.message.thanksSubject', { fundraiser, organisation }),
    paragraphs: [
      greeting(t, name),
      t('fundraiser.message.thanks', { fundraiser, message }),
      t('fundraiser.message.link', { link }),
    ],
  }),
});

export const fundraiserDigestTemplate = defineTemplate({
  name: 'fundraiser-digest',
  payload: FundraiserDigestPayload,
  render: ({ organisation, name, title, count, amount, raised, link }, t) => ({
    subject: t('fundraiser.message.digestSubject', { amount, organisation }),
    paragraphs: [
      greeting(t, name),
      t('fundraiser.message.digest', { count, amount, title }),
      t('fundraiser.message.giftRaised', { raised }),
      t('fundraiser.message.link', { link }),
    ],
  }),
});

export const fundraiserReportedTemplate = defineTemplate({
  name: 'fundraiser-reported',
  payload: FundraiserReportedPayload,
  render: ({ organisation, name, title, count, link }, t) => ({
    subject: t('fundraiser.message.reportedSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('fundraiser.message.reported', { count, title }),
      t('fundraiser.message.reportedLink', { link }),
    ],
  }),
});

/** Registers fundraisers' templates on the outbox (from src/app.server.ts). */
export const registerFundraiserTemplates = templateRegistration(
  fundraiserGiftTemplate,
  fundraiserApprovedTemplate,
  fundraiserThanksTemplate,
  fundraiserDigestTemplate,
  fundraiserReportedTemplate,
);
