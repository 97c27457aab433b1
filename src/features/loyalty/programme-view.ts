import type { LoyaltyTier } from '#db/schema/loyalty.ts';
import { type Locale, type LocalizedText, localized } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { type Currency, formatMoney } from '#lib/money.ts';

/**
 * The programme's rules in words, for "how it works": only the ways of earning and redeeming that
 * apply to what the organisation offers (a foundation without appointments promises no points
 * for appointments, nor discounts on them).
 */
export function howItWorks(
  programme: {
    earnPoints: number;
    earnPerMinor: number;
    visitPoints: number;
    signupBonus: number;
    earnOnDonations: boolean;
    expiryMonths: number | null;
    notUsableSameDay: boolean;
  },
  t: Translate,
  currency: Currency,
  offers: { appointments: boolean; donations: boolean },
): string[] {
  const lines: string[] = [];
  const appointments = offers.appointments;
  const donations = offers.donations && programme.earnOnDonations;
  if (programme.signupBonus > 0)
    lines.push(t('loyalty.how.signup', { points: programme.signupBonus, count: programme.signupBonus }));
  const rate = {
    points: programme.earnPoints,
    count: programme.earnPoints,
    amount: formatMoney(programme.earnPerMinor, currency),
  };
  if (programme.earnPoints > 0 && appointments) {
    lines.push(t('loyalty.how.earn', rate));
    if (donations) lines.push(t('loyalty.how.donations'));
  } else if (programme.earnPoints > 0 && donations) lines.push(t('loyalty.how.earnDonations', rate));
  if (programme.visitPoints > 0 && appointments)
    lines.push(t('loyalty.how.visit', { points: programme.visitPoints, count: programme.visitPoints }));
  lines.push(
    programme.expiryMonths
      ? t('loyalty.how.expiry', { months: programme.expiryMonths, count: programme.expiryMonths })
      : t('loyalty.how.noExpiry'),
  );
  if (programme.notUsableSameDay) lines.push(t('loyalty.how.nextDay'));
  lines.push(t(appointments ? 'loyalty.how.redeem' : 'loyalty.how.redeemCounter'));
  return lines;
}

/** A tier's name, threshold and benefits in the visitor's language. */
export function tierLines(tiers: readonly LoyaltyTier[], locale: Locale) {
  return [...tiers]
    .sort((a, b) => a.threshold - b.threshold)
    .map((tier) => ({
      name: localized(tier.name, locale),
      threshold: tier.threshold,
      benefits: localized(tier.benefits, locale),
      earnPercent: tier.earnPercent,
    }));
}

/**
 * What a reward is, in words: "RM20 off an appointment", "15% off Health screening, up to RM50",
 * "Free: Dental scaling", "Collect at the counter". A reward for one service is described by that
 * service (`service`: its name, from `withServices`), never as any appointment.
 */
export function rewardValue(
  reward: {
    kind: string;
    valueMinor: number | null;
    percent: number | null;
    service?: Partial<LocalizedText> | null;
  },
  t: Translate,
  currency: Currency,
  locale: Locale,
): string {
  const service = reward.service ? localized(reward.service, locale) : '';
  const on = service ? { service } : null;
  if (reward.kind === 'discount_fixed') {
    const amount = formatMoney(reward.valueMinor ?? 0, currency);
    return on ? t('loyalty.reward.fixedOn', { amount, ...on }) : t('loyalty.reward.fixed', { amount });
  }
  if (reward.kind === 'discount_percent') {
    const percent = reward.percent ?? 0;
    if (reward.valueMinor) {
      const cap = formatMoney(reward.valueMinor, currency);
      return on
        ? t('loyalty.reward.percentCappedOn', { percent, cap, ...on })
        : t('loyalty.reward.percentCapped', { percent, cap });
    }
    return on ? t('loyalty.reward.percentOn', { percent, ...on }) : t('loyalty.reward.percent', { percent });
  }
  if (reward.kind === 'free_service' && on) return t('loyalty.reward.freeService', on);
  return t(`loyalty.reward.kind.${reward.kind}` as MessageKey);
}
