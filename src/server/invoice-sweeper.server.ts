import type { Db } from '../db/client.server';
import { expireInvoices } from '../features/payments';
import { errorFields, log } from './logger.server';

const SWEEP_EVERY_MS = 60_000;
let timer: NodeJS.Timeout | undefined;

/**
 * Marks open invoices past their due time (with no payment in flight) expired, every minute.
 * Paying is refused past the due time anyway (canPayNow); the sweep keeps statuses and lists
 * honest. Several instances may sweep at once: the UPDATE is conditional, so they never conflict.
 */
export function startInvoiceSweeper(db: Db): void {
  if (timer) return;
  const run = async () => {
    try {
      const expired = await expireInvoices(db);
      if (expired > 0) log.info('invoices expired', { count: expired });
    } catch (error) {
      log.error('invoice sweep failed', errorFields(error));
    } finally {
      timer = setTimeout(run, SWEEP_EVERY_MS);
      timer.unref();
    }
  };
  timer = setTimeout(run, 5_000);
  timer.unref();
}
