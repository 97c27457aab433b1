import { invoicePath } from '#features/invoices/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { donationLinkSecret, env } from '#server/config.server.ts';
import { type LinkPurpose, signLink, verifyLink } from './manage-link';
import { planManagePath, receiptPdfPath } from './paths';

/** The token of a plan's manage page or a receipt's PDF, signed with this deployment's secret. */
export const linkToken = (purpose: LinkPurpose, tenantId: string, id: string) =>
  signLink(donationLinkSecret(), purpose, tenantId, id);

/** The id a token opens for this tenant, or null (the page answers 404). */
export const openLink = (purpose: LinkPurpose, tenantId: string, token: string) =>
  verifyLink(donationLinkSecret(), purpose, tenantId, token);

/** Absolute links for messages (built outside a request: the tenant's primary host). */
export function absoluteLinks(tenant: { id: string; primaryHost: string }, locale: Locale) {
  const origin = `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}`;
  return {
    plan: (planId: string) => `${origin}${planManagePath(locale, linkToken('plan', tenant.id, planId))}`,
    receipt: (receiptId: string) => `${origin}${receiptPdfPath(locale, linkToken('receipt', tenant.id, receiptId))}`,
    invoice: (invoicePublicId: string) => `${origin}${invoicePath(locale, 'donation', invoicePublicId)}`,
  };
}
