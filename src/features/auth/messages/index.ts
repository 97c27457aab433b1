import { z } from 'zod';
import {
  defineTemplate,
  greeting,
  organisationName,
  pageLink,
  templateRegistration,
} from '#server/outbox/templates.ts';

/** The outbox templates of signing in and staff accounts; wording under `message.*` in the catalogues. */

export const LoginCodePayload = z.object({
  code: z.string().regex(/^[0-9A-Za-z]{4,12}$/),
  organisation: organisationName,
  minutes: z
    .number()
    .int()
    .positive()
    .max(24 * 60),
});
export type LoginCodePayload = z.infer<typeof LoginCodePayload>;

/** A code that confirms a new email or phone for an existing account (sent to the new one). */
export const ContactCodePayload = LoginCodePayload;

export const StaffInvitePayload = z.object({
  organisation: organisationName,
  /** The invited person's name, for the greeting. */
  name: z.string().trim().min(1).max(200),
  link: pageLink,
  hours: z
    .number()
    .int()
    .positive()
    .max(24 * 30),
});
export type StaffInvitePayload = z.infer<typeof StaffInvitePayload>;

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'login-code': typeof LoginCodePayload;
    'contact-code': typeof ContactCodePayload;
    'staff-invite': typeof StaffInvitePayload;
  }
}

export const loginCodeTemplate = defineTemplate({
  name: 'login-code',
  payload: LoginCodePayload,
  validForMs: (p) => p.minutes * 60_000,
  render: ({ code, organisation, minutes }, t) => ({
    subject: t('message.loginCode.subject', { organisation }),
    paragraphs: [t('message.loginCode.text', { organisation, code, count: minutes })],
  }),
});

export const contactCodeTemplate = defineTemplate({
  name: 'contact-code',
  payload: ContactCodePayload,
  validForMs: (p) => p.minutes * 60_000,
  render: ({ code, organisation, minutes }, t) => ({
    subject: t('message.contactCode.subject', { organisation }),
    paragraphs: [
      t('message.contactCode.text', { organisation, code, count: minutes }),
      t('message.contactCode.notAsked'),
    ],
  }),
});

export const staffInviteTemplate = defineTemplate({
  name: 'staff-invite',
  payload: StaffInvitePayload,
  validForMs: (p) => p.hours * 3_600_000,
  render: ({ organisation, name, link, hours }, t) => ({
    subject: t('message.staffInvite.subject', { organisation }),
    paragraphs: [
      greeting(t, name),
      t('message.staffInvite.invited', { organisation, link }),
      t('message.staffInvite.expires', { count: hours }),
    ],
  }),
});

/** Registers auth's templates on the outbox (from src/app.server.ts). */
export const registerAuthTemplates = templateRegistration(loginCodeTemplate, contactCodeTemplate, staffInviteTemplate);
