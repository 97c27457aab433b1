import { localized } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { MessageKey } from '#i18n/t.ts';
import { formatDateTime } from '#lib/dates.ts';
import { ACCOUNT_SECTION_ITEMS, type AccountSectionLoader } from '#server/account-sections.ts';
import { bookingPage } from './appointment-flow';
import { listCustomerBookings } from './booking-repo.server';
import { bookingPagePath } from './paths';

/** "Your appointments" on the customer's account page: the latest, each linking to its booking page. */
export const appointmentsSection: AccountSectionLoader = async ({ db, tenant, customerId, locale, t }) => {
  const rows = await listCustomerBookings(db, tenant.id, customerId, ACCOUNT_SECTION_ITEMS);
  return {
    key: 'appointments',
    title: t('account.appointments'),
    empty: t('account.appointmentsEmpty'),
    items: rows.map((row) => ({
      title: localized(row.serviceName, locale),
      detail: [formatDateTime(row.startsAt, locale, tenant.timeZone), row.reference].filter(Boolean).join(' · '),
      href: localePath(
        locale,
        bookingPagePath(row.serviceSlug, row.publicId, bookingPage(row.status, row.needsApproval)),
      ),
      status: t(`staffAppointments.status.${row.status}` as MessageKey),
    })),
  };
};
