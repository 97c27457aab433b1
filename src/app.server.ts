// The composition root: the one module that knows every feature. It registers each feature's
// effects on the event bus and lists each feature's jobs; server/ knows no feature, and features
// know only the bus and the job types (DESIGN.md §2). A feature with effects or jobs that is not
// named here fails src/app.server.test.ts.
import type { Database } from '#db/client.server';
import { authJobs } from '#features/auth';
import { bookingJobs, registerBookingEffects } from '#features/booking';
import { registerInvoiceEffects } from '#features/invoices';
import { paymentJobs, registerPaymentEffects } from '#features/payments';
import { type EventBus, events } from '#server/events';
import { type RecurringJob, startJobScheduler } from '#server/jobs';
import { errorFields, log } from '#server/logger.server';
import { startOutboxWorker } from '#server/outbox';
import { rateLimitJobs } from '#server/rate-limit.server';

/** Every handler of every event, in the order they run (payments' receipt before booking's confirmation). */
export function registerAppEffects(bus: EventBus): void {
  registerInvoiceEffects(bus);
  registerPaymentEffects(bus);
  registerBookingEffects(bus);
}

/** Every recurring job of the app. */
export const appJobs: readonly RecurringJob[] = [...bookingJobs, ...paymentJobs, ...authJobs, ...rateLimitJobs];

/** Registers every effect on the process's bus, once; after this, events may be emitted. */
export function composeApp(bus: EventBus = events): void {
  if (bus.composed) return;
  registerAppEffects(bus);
  bus.markComposed();
}

let started = false;

/**
 * Starts the process's background work once its database is open: the outbox worker and the job
 * scheduler. Called by the middleware on the first request (a webhook may be the first), never by a
 * module import.
 */
export function startApp(database: Database): void {
  composeApp();
  if (started) return;
  started = true;
  startOutboxWorker(async () => database.db);
  startJobScheduler(database, appJobs).catch((error: unknown) => {
    log.error('job scheduler did not start', errorFields(error));
  });
}
