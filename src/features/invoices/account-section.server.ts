import type { MessageKey } from '#i18n/t.ts';
import { formatMoney } from '#lib/money.ts';
import { ACCOUNT_SECTION_ITEMS, type AccountSectionLoader } from '#server/account-sections.ts';
import { displayInvoiceNumber, displayStatus } from './invoice';
import { listCustomerInvoiceRows } from './invoice-repo.server';
import { invoicePath, invoicesPath } from './paths';

/** "Your invoices" on the customer's account page: the latest few, and the whole list at /invoices. */
export const invoicesSection: AccountSectionLoader = async ({ db, tenant, customerId, locale, t }) => {
  const { rows, total } = await listCustomerInvoiceRows(db, tenant.id, customerId, 1, ACCOUNT_SECTION_ITEMS);
  return {
    key: 'invoices',
    title: t('invoice.listTitle'),
    empty: t('account.invoicesEmpty'),
    items: rows.map((row) => ({
      title: displayInvoiceNumber(row.number),
      detail: formatMoney(row.total, { ...tenant.currency, code: row.currencyCode }),
      href: invoicePath(locale, row.kind, row.publicId),
      status: t(`invoice.status.${displayStatus(row)}` as MessageKey),
    })),
    ...(total > rows.length ? { more: { href: invoicesPath(locale), label: t('account.allInvoices') } } : {}),
  };
};
