// The loading every page with the donation form shares (issue 24): the campaign's form, the post
// answered, and where an accepted gift goes next. The four pages (the form, its embed, a
// fundraiser's give form, the cart's checkout) only render what this answers.
import type { Db } from '#db/client.server.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import {
  answerDonationPost,
  type DonationFormData,
  type DonationPostAnswer,
  donationFormTerms,
} from './donation-form.server';
import { donationCheckoutPath, donationEmbedFormPath } from './paths';

/** The request as a page sees it (`Astro.locals` carries all of it). */
export interface DonationPageLocals {
  db: Db;
  tenant: Tenant;
  locale: Locale;
  t: Translate;
  user: { id: string } | null;
  clientIp: string;
}

export interface DonationPageOptions {
  /** The campaign named by the address. */
  campaign: string;
  /** The page after an accepted post: the payment (`checkout`), the same with the cart emptied, or the frame. */
  next: 'checkout' | 'cart-checkout' | 'embed-form';
  /** The post is the cart's lines rather than one gift. */
  cart?: boolean;
  /** Issue 13: the form sits on this fundraiser's page (found by the server from its address). */
  fundraiserId?: string;
  /** The form takes no gifts now: this is shown instead (a closed fundraiser page). */
  closed?: string | null;
  /** The page also shows the donation invoice its `?invoice=` names (on a GET; an unknown one is a 404). */
  showsInvoice?: boolean;
}

/** What every page hands the DonationForm island; the page adds its action, paths and messages. */
export interface DonationFormIslandProps extends Omit<DonationFormData, 'campaign'> {
  campaign: { id: string; publicId: string; title: string };
  currency: Tenant['currency'];
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  idempotencyKey: string;
}

export type DonationFormPage =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | ({ kind: 'form'; data: DonationFormData; invoice: InvoiceView | null; island: DonationFormIslandProps } & Omit<
      DonationPostAnswer,
      'invoicePublicId'
    >);

function nextPath(locale: Locale, campaign: string, next: DonationPageOptions['next'], invoice: string): string {
  if (next === 'embed-form') return donationEmbedFormPath(locale, campaign, invoice);
  return donationCheckoutPath(locale, campaign, invoice, next === 'cart-checkout');
}

/** Loads a donation-form page and answers its post: not found, a redirect (303), or the form to show. */
export async function loadDonationFormPage(
  locals: DonationPageLocals,
  request: Request,
  options: DonationPageOptions,
): Promise<DonationFormPage> {
  const { db, tenant, locale, t, user, clientIp } = locals;
  // A post charges what it reads: its fees come from the payment methods as they are now.
  const form = await donationFormTerms(db, tenant, options.campaign, locale, new Date(), {
    shown: request.method !== 'POST',
  });
  if (!form) return { kind: 'not-found' };
  const { data } = form;
  const { invoicePublicId, ...answer } = await answerDonationPost(
    db,
    {
      tenant,
      locale,
      t,
      customerId: user?.id ?? null,
      clientIp,
      // The campaign, settings and fees just read: the checkout of this post does not read them again.
      known: form.terms,
      ...(options.fundraiserId ? { fundraiserId: options.fundraiserId } : {}),
    },
    request,
    { ...(options.cart ? { cart: true } : {}), ...(options.closed !== undefined ? { closed: options.closed } : {}) },
  );
  if (invoicePublicId)
    return { kind: 'redirect', location: nextPath(locale, data.campaign.publicId, options.next, invoicePublicId) };
  const invoiceId =
    options.showsInvoice && request.method === 'GET' ? new URL(request.url).searchParams.get('invoice') : null;
  const invoice = invoiceId ? await invoiceByPublicId(db, tenant, invoiceId.slice(0, 100), 'donation') : null;
  if (invoiceId && !invoice) return { kind: 'not-found' };
  const { id, publicId, title } = data.campaign;
  const { values, errors, formError, idempotencyKey } = answer;
  const island: DonationFormIslandProps = {
    ...data,
    campaign: { id, publicId, title },
    currency: tenant.currency,
    values,
    errors,
    formError,
    idempotencyKey,
  };
  return { kind: 'form', data, invoice, island, ...answer };
}
