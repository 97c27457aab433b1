import type { APIRoute } from 'astro';
import { z } from 'zod';
import { InvoiceKindInput, invoicePath, MinorAmount, startCheckout } from '#features/invoices/index.server.ts';
import { badRequest, json, readJson } from '#server/http.ts';

const Body = z.object({
  kind: InvoiceKindInput.default('appointment'),
  amount: MinorAmount.default(8450),
  description: z
    .string({ message: 'field.invalid' })
    .trim()
    .min(1, { message: 'field.required' })
    .max(200, { message: 'field.invalid' })
    .default('General consultation'),
  name: z
    .string({ message: 'field.invalid' })
    .trim()
    .min(1, { message: 'field.required' })
    .max(120, { message: 'field.invalid' })
    .default('Test Payer'),
  email: z.email({ message: 'auth.emailInvalid' }).optional(),
  /** Minutes from now until the invoice is due (it expires unpaid after that). */
  dueInMinutes: z
    .number({ message: 'field.invalid' })
    .int({ message: 'field.invalid' })
    .min(-10_080, { message: 'field.invalid' })
    .max(525_600, { message: 'field.invalid' })
    .optional(),
});

/**
 * Developer aid (SHOW_DEV_PAGES=1): creates an invoice for this tenant, so browser tests can pay
 * one before the appointment and donation flows (which create invoices themselves) exist.
 */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const body = Body.safeParse((await readJson(request)) ?? {});
  if (!body.success) return badRequest(body.error, locals.t);
  const invoice = await startCheckout(locals.db, {
    tenantId: locals.tenant.id,
    currency: locals.tenant.currency,
    kind: body.data.kind,
    locale: locals.locale,
    lines: [{ description: { en: body.data.description }, quantity: 1, unitAmount: body.data.amount }],
    contact: { name: body.data.name, email: body.data.email ?? null },
    dueAt: body.data.dueInMinutes === undefined ? null : new Date(Date.now() + body.data.dueInMinutes * 60_000),
  });
  return json({
    publicId: invoice.publicId,
    number: invoice.displayNumber,
    // Unprefixed (the English page), as the suites that call this aid expect.
    path: invoicePath('en', invoice.kind, invoice.publicId),
  });
};
