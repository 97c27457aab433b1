// Every in-app address of payments (issue 24): the sandbox gateway's hosted page, in the payer's
// language. Invoices' own pages are in features/invoices/paths.ts.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

/** The sandbox gateway's page of a payment (what a real gateway hosts). */
export const sandboxPaymentPath = (locale: Locale, paymentId: string) =>
  localePath(locale, `/pay/sandbox/${encodeURIComponent(paymentId)}`);
