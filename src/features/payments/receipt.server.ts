import { displayInvoiceNumber, invoicePath } from '#features/invoices/index.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { isLocale } from '#i18n/locales.ts';
import { formatMoney } from '#lib/money.ts';
import { env } from '#server/config.server.ts';
import type { EventHandler } from '#server/events/index.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import type { InvoicePaidEvent } from './payment-events';

/**
 * The receipt, sent through the outbox in the settlement's own transaction: exactly one per paid
 * invoice, by email when the payer gave one. A donation invoice gets none from here: each of its
 * gifts gets the donation receipt (numbered, with the tax part), so the donor is not sent two.
 */
export const sendReceipt: EventHandler<InvoicePaidEvent> = async (tx, { tenantId, invoice }) => {
  if (!invoice.contactEmail || invoice.kind === 'donation') return;
  const tenant = await findTenantById(tx, tenantId);
  if (!tenant) return;
  const locale = isLocale(invoice.locale) ? invoice.locale : 'en';
  await enqueueMessage(tx, {
    tenantId,
    channel: 'email',
    destination: invoice.contactEmail,
    locale,
    template: 'receipt',
    payload: {
      organisation: tenant.name,
      name: invoice.contactName,
      number: displayInvoiceNumber(invoice.number),
      amount: formatMoney(invoice.total, { ...tenant.currency, code: invoice.currencyCode }),
      link: `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}${invoicePath(locale, 'appointment', invoice.publicId)}`,
    },
  });
};
