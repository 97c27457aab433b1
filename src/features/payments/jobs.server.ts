import type { RecurringJob } from '#server/jobs/index.ts';
import { appProviders } from './app-providers.server';
import { expireInvoices } from './expire-invoices.server';
import { verifyPendingPayments } from './verify-pending.server';

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
  {
    // Asks the providers about open payments nobody came back for: a payment completed just
    // before a crash is settled without waiting for its payer (once, whoever asks).
    name: 'payments.verify-pending',
    cron: '*/2 * * * *',
    run: async ({ db, now }) => {
      const { checked, settled } = await verifyPendingPayments(db, () => now, appProviders(db));
      return { checked, settled };
    },
  },
];
