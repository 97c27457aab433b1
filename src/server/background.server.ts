// Work this process does in the background once its database is open: delivering the outbox,
// expiring booking holds, expiring invoices past their due time, asking payment providers about
// payments nobody came back for, and deleting expired sessions,
// login codes and rate-limit windows. Started by the middleware on the first request, never by a
// module import (features import the database; the database must not import features).
import type { Db } from '../db/client.server';
import { startBookingSweeper } from './booking-sweeper.server';
import { startHousekeeping } from './housekeeping.server';
import { startInvoiceSweeper } from './invoice-sweeper.server';
import { startOutboxWorker } from './outbox';
import { startPaymentSweeper } from './payment-sweeper.server';
import './payment-effects.server';

let started = false;

export function startBackgroundWork(db: Db): void {
  if (started) return;
  started = true;
  startOutboxWorker(async () => db);
  startBookingSweeper(db);
  startHousekeeping(db);
  startInvoiceSweeper(db);
  startPaymentSweeper(db);
}
