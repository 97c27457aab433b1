import type { APIRoute } from 'astro';
import { z } from 'zod';
import { bookFirstFreeSlot, requestPagePath } from '#features/booking/index.server.ts';
import { invoiceByPublicId, invoiceVerifyPath } from '#features/invoices/index.server.ts';
import { appProviders, createPayment } from '#features/payments/index.server.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import { badRequest, json, readJson } from '#server/http.ts';

const Body = z.object({
  service: z.string().trim().min(1).max(80),
  name: z.string().trim().min(1).max(120).default('Test Customer'),
  phone: z
    .string()
    .regex(/^[1-9]\d{6,14}$/)
    .nullable()
    .default('60123456789'),
  email: z.email().nullable().default(null),
  locale: z.enum(['en', 'ms', 'id']).optional(),
  answers: z.record(z.string().max(60), z.string().max(1000)).default({}),
  address: z.record(z.string().max(40), z.string().max(200)).nullable().default(null),
  notes: z.string().max(2000).nullable().default(null),
  /** Book as if this many minutes ago: a hold of 11 minutes ago has lapsed (late-payment tests). */
  minutesAgo: z.number().int().min(0).max(60).optional(),
  /** Also start paying by card at that same moment (a payer who opened the gateway in time). */
  startCardPayment: z.boolean().default(false),
});

/**
 * Developer aid (SHOW_DEV_PAGES=1): books the first free slot of a service (by slug) for any
 * practitioner through the real booking code — a request for services that need approval — so
 * browser tests can decide requests without going through the customer screens.
 */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const body = Body.safeParse((await readJson(request)) ?? {});
  if (!body.success) return badRequest(body.error, locals.t);
  const locale = body.data.locale ?? locals.locale;
  const now = new Date(Date.now() - (body.data.minutesAgo ?? 0) * 60_000);
  const result = await bookFirstFreeSlot(locals.db, {
    tenant: locals.tenant,
    serviceSlug: body.data.service,
    contact: { name: body.data.name, phone: body.data.phone, email: body.data.email },
    answers: body.data.answers,
    address: body.data.address,
    notes: body.data.notes,
    locale,
    now,
  });
  if (!result.ok) return json({ error: result.reason }, { status: result.reason === 'service_not_found' ? 404 : 409 });
  const paymentUrl = body.data.startCardPayment
    ? await startCardPayment(result.invoice?.publicId, now, locale, locals)
    : null;
  return json({
    paymentUrl,
    publicId: result.booking.publicId,
    status: result.booking.status,
    startsAt: result.booking.startsAt.toISOString(),
    serviceId: result.booking.serviceId,
    resourceId: result.booking.resourceId,
    invoicePublicId: result.invoice?.publicId ?? null,
    // What a card payment started here charges (no fee covered): a signed report must name it.
    invoiceSubtotal: result.invoice?.subtotal ?? null,
    currency: result.invoice?.currency.code ?? null,
    requestPath: localePath(locale, requestPagePath(body.data.service, result.booking.publicId)),
  });
};

/** The gateway page of a card payment started at `now` for the booking's invoice. */
async function startCardPayment(
  invoicePublicId: string | undefined,
  now: Date,
  locale: Locale,
  locals: App.Locals,
): Promise<string | null> {
  const database = locals.db;
  const invoice = invoicePublicId ? await invoiceByPublicId(database, locals.tenant, invoicePublicId) : null;
  if (!invoice) return null;
  const started = await createPayment(database, appProviders(database), {
    tenant: locals.tenant,
    invoice,
    method: 'card',
    coverFees: false,
    locale,
    ip: locals.clientIp,
    siteOrigin: locals.origin,
    returnPath: invoiceVerifyPath(locale, 'appointment', invoice.publicId),
    now,
  });
  return started.ok && started.start.kind === 'redirect' ? started.start.url : null;
}
