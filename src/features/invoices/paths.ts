// Every in-app address of invoices (issue 24): pages in the visitor's language (localePath adds
// the prefix), endpoints without one. Each segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { InvoiceKind } from './invoice';

const segment = encodeURIComponent;
const invoiceBase = (publicId: string) => `/invoices/${segment(publicId)}`;

/** The customer's list of invoices. */
export const invoicesPath = (locale: Locale) => localePath(locale, '/invoices');
/** An invoice's page: `/invoices/{publicId}/appointment` or `/donation`, by its kind. */
export const invoicePath = (locale: Locale, kind: InvoiceKind, publicId: string) =>
  localePath(locale, `${invoiceBase(publicId)}/${segment(kind)}`);
/** The page a payer comes back to from the gateway (the thank-you page of a donation). */
export const invoiceVerifyPath = (locale: Locale, kind: InvoiceKind, publicId: string) =>
  localePath(locale, `${invoiceBase(publicId)}${kind === 'donation' ? '/donation/verify' : '/verify'}`);
/** An invoice as a PDF. */
export const invoicePdfPath = (locale: Locale, publicId: string) => localePath(locale, `${invoiceBase(publicId)}/pdf`);
/** Where the payment panel posts without JavaScript. */
export const invoicePayPath = (locale: Locale, publicId: string) => localePath(locale, `${invoiceBase(publicId)}/pay`);
/** The endpoint that starts a payment of an invoice. */
export const invoicePaymentsApiPath = (publicId: string) => `/api${invoiceBase(publicId)}/payments`;
/** The endpoint of an invoice's state (and of the payment a page shows). */
export const invoiceStatusApiPath = (publicId: string, paymentId: string | null = null) =>
  `/api${invoiceBase(publicId)}/status${paymentId ? `?payment=${segment(paymentId)}` : ''}`;
