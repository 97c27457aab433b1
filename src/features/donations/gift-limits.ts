// Pure: the largest single gift a tenant takes (issue 23). A tenant may set its own
// (`tenant_settings.donation_max_minor`, minor units); without one, a sane ceiling for its currency
// keeps a typo of ten zeros (RM10,000,000,000) from reaching the gateway. A campaign may set less.
import type { Currency } from '#lib/money.ts';

/** The default ceiling of one gift, in major units, by currency (others: 1,000,000). */
const DEFAULT_MAX_GIFT_MAJOR: Readonly<Record<string, number>> = {
  MYR: 1_000_000,
  IDR: 10_000_000_000,
  SGD: 300_000,
  BND: 300_000,
  USD: 250_000,
};

/** The default largest gift in minor units for a currency. */
export function defaultMaxGiftMinor(currency: Pick<Currency, 'code' | 'multiplier'>): number {
  return (DEFAULT_MAX_GIFT_MAJOR[currency.code] ?? 1_000_000) * currency.multiplier;
}

/** The tenant's largest gift: its own setting, else the currency's default. */
export function tenantMaxGiftMinor(
  stored: number | null | undefined,
  currency: Pick<Currency, 'code' | 'multiplier'>,
): number {
  return stored !== null && stored !== undefined && stored > 0 ? stored : defaultMaxGiftMinor(currency);
}

/** The smaller of the campaign's own maximum (null: none) and the tenant's. */
export function giftMaximum(campaignMax: number | null, tenantMax: number): number {
  return campaignMax === null ? tenantMax : Math.min(campaignMax, tenantMax);
}
