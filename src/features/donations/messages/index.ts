import { z } from 'zod';
import {
  defineTemplate,
  greeting,
  letterFields,
  pageLink,
  templateRegistration,
  when,
} from '#server/outbox/templates.ts';

// The outbox templates of recurring gifts and receipts (issue 12, H7); wording under
// `donation.receipt.message.*` and `donation.plan.message.*` in the three catalogues.

const Money = z.string().trim().min(1).max(40);
const Campaign = z.string().trim().min(1).max(300);

export const DonationReceiptPayload = z.object({
  ...letterFields,
  /** "2026-000042" */
  number: z.string().trim().min(1).max(40),
  campaign: Campaign,
  /** The gift, formatted. */
  amount: Money,
  /** The covered fee, formatted; empty when none. */
  fee: z.string().trim().max(40).default(''),
  pdfLink: pageLink,
  /** The plan's manage page, for an instalment of a recurring gift. */
  manageLink: pageLink.optional(),
});

export const PlanPayLinkPayload = z.object({
  ...letterFields,
  campaign: Campaign,
  amount: Money,
  seq: z.number().int().min(1),
  count: z.number().int().min(1),
  link: pageLink,
});

export const PlanCardFailedPayload = z.object({
  ...letterFields,
  campaign: Campaign,
  amount: Money,
  link: pageLink,
});

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'donation-receipt': typeof DonationReceiptPayload;
    'donation-receipt-sms': typeof DonationReceiptPayload;
    'donation-pay-link': typeof PlanPayLinkPayload;
    'donation-card-failed': typeof PlanCardFailedPayload;
  }
}

export const donationReceiptTemplate = defineTemplate({
  name: 'donation-receipt',
  payload: DonationReceiptPayload,
  render: ({ organisation, name, number, campaign, amount, fee, pdfLink, manageLink }, t) => ({
    subject: t('donation.receipt.message.subject', { number, organisation }),
    paragraphs: [
      greeting(t, name),
      t('donation.receipt.message.thanks', { amount, campaign }),
      ...when(fee, () => t('donation.receipt.message.fee', { fee })),
      t('donation.receipt.message.pdf', { number, link: pdfLink }),
      ...when(manageLink, () => t('donation.receipt.message.manage', { link: manageLink ?? '' })),
    ],
  }),
});

/**
 * The receipt by SMS, for a donor who gave only a phone: one short text with the signed link to the
 * receipt and, for a plan, to its manage page (how a phone-only donor sees, changes or stops it).
 */
export const donationReceiptSmsTemplate = defineTemplate({
  name: 'donation-receipt-sms',
  payload: DonationReceiptPayload,
  render: ({ organisation, number, campaign, amount, pdfLink, manageLink }, t) => ({
    subject: t('donation.receipt.message.subject', { number, organisation }),
    paragraphs: [
      t('donation.receipt.message.sms', { organisation, amount, campaign, number, link: pdfLink }),
      ...when(manageLink, () => t('donation.receipt.message.manage', { link: manageLink ?? '' })),
    ],
  }),
});

export const planPayLinkTemplate = defineTemplate({
  name: 'donation-pay-link',
  payload: PlanPayLinkPayload,
  render: ({ organisation, name, campaign, amount, seq, count, link }, t) => ({
    subject: t('donation.plan.message.payLinkSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('donation.plan.message.payLink', { amount, campaign, seq, count }),
      t('donation.plan.message.payLinkLink', { link }),
    ],
  }),
  // An instalment's invoice stays payable for a while; a week-old link is still worth sending.
  validForMs: () => 7 * 24 * 60 * 60 * 1000,
});

export const planCardFailedTemplate = defineTemplate({
  name: 'donation-card-failed',
  payload: PlanCardFailedPayload,
  render: ({ organisation, name, campaign, amount, link }, t) => ({
    subject: t('donation.plan.message.cardFailedSubject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('donation.plan.message.cardFailed', { amount, campaign }),
      t('donation.plan.message.cardFailedLink', { link }),
    ],
  }),
});

/** Registers the templates of plans and receipts on the outbox (from src/app.server.ts). */
export const registerPlanTemplates = templateRegistration(
  donationReceiptTemplate,
  donationReceiptSmsTemplate,
  planPayLinkTemplate,
  planCardFailedTemplate,
);
