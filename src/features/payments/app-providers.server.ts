import type { Db } from '#db/client.server.ts';
import { paymentProviders } from './providers';

let cached: { db: Db; providers: ReturnType<typeof paymentProviders> } | undefined;

/** The providers of this process (sandbox by default, Stripe when configured), built once. */
export function appProviders(db: Db): ReturnType<typeof paymentProviders> {
  if (!cached || cached.db !== db) cached = { db, providers: paymentProviders({ db }) };
  return cached.providers;
}
