import type { Db } from '../db/client.server';
import { appProviders, verifyPendingPayments } from '../features/payments';
import { log } from './logger.server';

const SWEEP_EVERY_MS = 2 * 60_000;
let timer: NodeJS.Timeout | undefined;

/**
 * Asks the providers about open payments nobody came back for (verifyPendingPayments), every two
 * minutes: a payment completed just before a crash is settled without waiting for its payer.
 * Several instances may run it at once: settlement happens once whoever asks.
 */
export function startPaymentSweeper(db: Db): void {
  if (timer) return;
  const run = async () => {
    try {
      const { checked, settled } = await verifyPendingPayments(db, () => new Date(), appProviders(db));
      if (settled > 0) log.info('pending payments settled', { checked, settled });
    } catch (error) {
      log.error('pending payment sweep failed', { error: String(error) });
    } finally {
      timer = setTimeout(run, SWEEP_EVERY_MS);
      timer.unref();
    }
  };
  timer = setTimeout(run, 15_000);
  timer.unref();
}
