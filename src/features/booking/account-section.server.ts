import { localized } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { MessageKey } from '#i18n/t.ts';
import { formatDateTime } from '#lib/dates.ts';
import { type AccountSectionLoader, sectionPaging, sectionWindow } from '#server/account-sections.ts';
import { bookingPage } from './appointment-flow';
import { countCustomerBookings, listCustomerBookings } from './booking-repo.server';
import { bookingPagePath } from './paths';

/**
 * "Your appointments" on the customer's account page: the latest, each linking to its booking
 * page, in pages (`?appointments=N`) read with LIMIT/OFFSET and counted in SQL.
 */
export const appointmentsSection: AccountSectionLoader = async (context) => {
  const { db, tenant, customerId, locale, t } = context;
  const window = sectionWindow(context, 'appointments');
  const [rows, total] = await Promise.all([
    listCustomerBookings(db, tenant.id, customerId, window.limit, window.offset),
    countCustomerBookings(db, tenant.id, customerId),
  ]);
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
    paging: sectionPaging(window, total),
  };
};
