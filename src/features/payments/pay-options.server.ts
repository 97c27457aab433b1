import type { Db } from '#db/client.server.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Currency } from '#lib/money.ts';
import { type PayOption, quote, sortOptions } from './payment-options';
import { enabledOptions } from './payment-repo.server';
import { methodAvailable } from './providers';
import { methodNeedsScript } from './start-payment.server';

/**
 * The options the payment panel offers for an amount (SPEC.md §4): only the methods the tenant
 * enables that can take its currency, in display order, each with the fee covering it adds.
 * None → the panel says "contact the counter". Loaded by the page, passed to the panel as props.
 * The methods come from the copy kept for display (10 s); the payment itself re-reads them.
 */
export async function payOptionsFor(
  db: Db,
  tenantId: string,
  locale: Locale,
  amount: { subtotal: number; currency: Currency },
): Promise<PayOption[]> {
  return sortOptions(await enabledOptions(db, tenantId, locale, { shown: true }))
    .filter((o) => methodAvailable(o.method, amount.currency.code))
    .map((o) => ({
      method: o.method,
      coverFee: quote(amount.subtotal, o, true).fee,
      ...(methodNeedsScript(o.method) ? { needsScript: true } : {}),
    }));
}
