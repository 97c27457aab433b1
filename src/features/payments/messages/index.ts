import { z } from 'zod';
import { defineTemplate, greeting, letterFields, pageLink, templateRegistration } from '#server/outbox/templates.ts';

/** The outbox templates of payments; wording under `message.receipt.*` in the catalogues. */

export const ReceiptPayload = z.object({
  ...letterFields,
  /** "INV-000042" */
  number: z.string().trim().min(1).max(40),
  /** Already formatted for display, e.g. "RM102.35". */
  amount: z.string().trim().min(1).max(40),
  link: pageLink,
});
export type ReceiptPayload = z.infer<typeof ReceiptPayload>;

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    receipt: typeof ReceiptPayload;
  }
}

export const receiptTemplate = defineTemplate({
  name: 'receipt',
  payload: ReceiptPayload,
  render: ({ organisation, name, number, amount, link }, t) => ({
    subject: t('message.receipt.subject', { number, organisation }),
    paragraphs: [
      greeting(t, name),
      t('message.receipt.thanks', { amount, number }),
      t('message.receipt.link', { link }),
    ],
  }),
});

/** Registers payments' templates on the outbox (from src/app.server.ts). */
export const registerPaymentTemplates = templateRegistration(receiptTemplate);
