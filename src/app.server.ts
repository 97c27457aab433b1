// The composition root: the one module that knows every feature. It registers each feature's
// effects on the event bus and its outbox templates on the template registry, and lists each
// feature's jobs; server/ knows no feature, and features know only the bus, the registry and the
// job types (DESIGN.md §2). A feature with effects, templates or jobs that is not named here
// fails src/app.server.test.ts.
import type { Database } from '#db/client.server.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { authJobs, registerAuthTemplates } from '#features/auth/index.server.ts';
import {
  appointmentsSection,
  bookingJobs,
  registerBookingEffects,
  registerBookingTemplates,
} from '#features/booking/index.server.ts';
import {
  donationJobs,
  donationsSection,
  registerDonationEffects,
  registerPlanTemplates,
} from '#features/donations/index.server.ts';
import {
  fundraiserJobs,
  fundraisersSection,
  registerFundraiserEffects,
  registerFundraiserTemplates,
} from '#features/fundraisers/index.server.ts';
import { invoicesSection, registerInvoiceEffects } from '#features/invoices/index.server.ts';
import {
  loyaltyJobs,
  loyaltySection,
  registerLoyaltyEffects,
  registerLoyaltyTemplates,
} from '#features/loyalty/index.server.ts';
import { paymentJobs, registerPaymentEffects, registerPaymentTemplates } from '#features/payments/index.server.ts';
import { queueJobs, registerQueueTemplates } from '#features/queue/index.server.ts';
import { registerReviewEffects, registerReviewTemplates, reviewJobs } from '#features/reviews/index.server.ts';
import { forgetCachedTenant } from '#features/tenants/index.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AccountSections, accountSections } from '#server/account-sections.ts';
import { provideDemoSeed } from '#server/database.server.ts';
import { databaseJobs } from '#server/database-statistics.server.ts';
import { type EventBus, events } from '#server/events/index.ts';
import { type RecurringJob, startJobScheduler } from '#server/jobs/index.ts';
import { onStop } from '#server/lifecycle.server.ts';
import { startOutboxWorker, type TemplateRegistry, templates } from '#server/outbox/index.ts';
import {
  onPageInvalidation,
  type PageInvalidation,
  type PageInvalidations,
  registerPageInvalidations,
} from '#server/page-cache/index.ts';
import { rateLimitJobs } from '#server/rate-limit.server.ts';

/** Every handler of every event, in the order they run (payments' receipt before booking's confirmation). */
export function registerAppEffects(bus: EventBus): void {
  registerInvoiceEffects(bus);
  registerPaymentEffects(bus);
  registerBookingEffects(bus);
  registerDonationEffects(bus);
  registerReviewEffects(bus);
  registerFundraiserEffects(bus);
  registerLoyaltyEffects(bus);
  registerPageInvalidations(bus, pageInvalidations);
}

/**
 * What each change drops from the page cache (docs/decisions/0018-page-cache.md): a tenant's
 * settings every page of it, the catalogue its appointment pages, the framing sites the pages kept
 * for the embed, a campaign edited or ended the donation pages (their live totals arrive over the
 * realtime channel, not by dropping pages).
 */
export const pageInvalidations: PageInvalidations = {
  'tenant.changed': ({ tenantId }) => ({ tenantId }),
  'catalogue.changed': ({ tenantId }) => ({ tenantId, tags: ['catalogue'] }),
  'embed-origins.changed': ({ tenantId }) => ({ tenantId, tags: ['embed'] }),
  'campaign.changed': ({ tenantId }) => ({ tenantId, tags: ['campaigns'] }),
  'review-display.changed': ({ tenantId }) => ({ tenantId }),
  'fundraiser.changed': ({ tenantId }) => ({ tenantId, tags: ['campaigns'] }),
  'loyalty.changed': ({ tenantId }) => ({ tenantId, tags: ['loyalty'] }),
};

/** A tenant whose every page went (its settings or hosts changed) is looked up again too. */
function forgetChangedTenant(change: PageInvalidation): void {
  if (!change.tags) forgetCachedTenant(change.tenantId);
}

/** Every outbox template of the app (the names are stored in outbox rows). */
export function registerAppTemplates(registry: TemplateRegistry): void {
  registerAuthTemplates(registry);
  registerPaymentTemplates(registry);
  registerBookingTemplates(registry);
  registerPlanTemplates(registry);
  registerReviewTemplates(registry);
  registerQueueTemplates(registry);
  registerFundraiserTemplates(registry);
  registerLoyaltyTemplates(registry);
}

/** The sections of the customer's account page, in the order they show. */
export function registerAppAccountSections(sections: AccountSections): void {
  sections.register('appointments', appointmentsSection, { offer: 'appointments' });
  sections.register('invoices', invoicesSection);
  sections.register('donations', donationsSection, { offer: 'donations' });
  sections.register('fundraisers', fundraisersSection, { offer: 'donations' });
  sections.register('loyalty', loyaltySection, { offer: 'loyalty' });
}

/** Every recurring job of the app. */
export const appJobs: readonly RecurringJob[] = [
  ...bookingJobs,
  ...paymentJobs,
  ...donationJobs,
  ...reviewJobs,
  ...fundraiserJobs,
  ...loyaltyJobs,
  ...authJobs,
  ...rateLimitJobs,
  ...databaseJobs,
  ...queueJobs,
];

/**
 * Registers every effect on the process's bus and every template on its outbox, once; after
 * this, events may be emitted and messages enqueued and sent.
 */
export function composeApp(bus: EventBus = events, registry: TemplateRegistry = templates): void {
  if (bus.composed) return;
  registerAppTemplates(registry);
  registerAppEffects(bus);
  registerAppAccountSections(accountSections);
  onPageInvalidation(forgetChangedTenant);
  bus.markComposed();
}

// The demo seed writes through features, so the composition root hands it to database(); the
// middleware imports this module before it opens the database.
provideDemoSeed(seedDemo);

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
  const outbox = startOutboxWorker(async () => database.db);
  onStop('outbox worker', () => outbox.stop());
  const scheduler = startJobScheduler(database, appJobs).catch((error: unknown) => {
    log.error('job scheduler did not start', errorFields(error));
    return null;
  });
  // pg-boss lets a running job finish (up to its own timeout) before the database closes.
  onStop('job workers', async () => (await scheduler)?.stop());
}
