import type { RecurringJob } from '../../server/jobs';
import { expireInvoices } from './expire-invoices.server';

/**
 * Open invoices past their due time (with no payment in flight) turn expired, every minute.
 * Paying is refused past the due time anyway (canPayNow); the sweep keeps statuses and lists
 * honest. The UPDATE is conditional, so a run repeated on another instance changes nothing.
 */
export const paymentJobs: readonly RecurringJob[] = [
  {
    name: 'payments.expire-invoices',
    cron: '* * * * *',
    run: async ({ db, now }) => ({ expired: await expireInvoices(db, now) }),
  },
];
