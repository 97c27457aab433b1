import { describe, expect, it } from 'vitest';
import type { Locale } from './locales';
import en from './messages/en.json';
import id from './messages/id.json';
import ms from './messages/ms.json';
import { countMessage, pluralVariants } from './plural';
import { interpolate, pick, pluralCategory, translator } from './t';

const catalogues: Record<Locale, Record<string, string>> = { en, ms, id };
/** A plural variant key (`auth.wrongCode.one`) and the base message it belongs to. */
const VARIANT = /^(.+)\.(zero|one|two|few|many)$/;
const isVariantOf = (key: string, catalogue: Record<string, string>) => {
  const match = VARIANT.exec(key);
  return match !== null && (match[1] as string) in catalogue;
};
/** Placeholders that count something: the message takes a numeric `count` and needs its plural forms. */
const COUNTING = /\{(count|minutes|hours|days|donors|points)\}/;

describe('messages', () => {
  it('has every English key in Malay and Indonesian (but plural forms their language lacks), none empty', () => {
    for (const locale of ['ms', 'id'] as const) {
      const catalogue = catalogues[locale];
      const needed = (key: string) => {
        const match = VARIANT.exec(key);
        return !(match && isVariantOf(key, en) && !pluralVariants(locale).includes(match[2] as Intl.LDMLPluralRule));
      };
      expect(Object.keys(catalogue).filter(needed).sort(), locale).toEqual(Object.keys(en).filter(needed).sort());
      for (const key of Object.keys(catalogue)) expect(Object.keys(en), `${locale} ${key}`).toContain(key);
      for (const value of Object.values(catalogue)) expect(value.trim()).not.toBe('');
    }
  });
  it('keeps the placeholders of every English message', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, text] of Object.entries(en)) {
      for (const catalogue of [ms, id] as Record<string, string>[]) {
        if (!(key in catalogue) && isVariantOf(key, en)) continue;
        expect(placeholders(catalogue[key] ?? ''), key).toEqual(placeholders(text));
      }
    }
  });
  it('says the SPEC.md §8 messages word for word in English', () => {
    const t = translator('en');
    expect(t('error.noPaymentMethods')).toBe(
      'No payment methods are available. Please contact the counter for assistance.',
    );
    expect(t('error.request')).toBe('Unable to complete your request. Please try again later');
    expect(t('error.donationFailed')).toBe('Sorry, your donation has failed');
    expect(t('error.paymentFailed')).toBe('Payment failed');
    expect(t('error.notFound.title')).toBe('404 Not Found');
    expect(t('error.notFound.message')).toBe('This page could not be found');
    expect(t('error.generic')).toBe('An error occured');
    expect(t('field.required')).toBe('This field is required');
    expect(t('phone.required')).toBe('Phone number is required');
    expect(t('phone.invalid')).toBe('Phone number must be valid');
  });
  it('translates into Malay and Indonesian', () => {
    expect(translator('ms')('phone.required')).toBe('Nombor telefon diperlukan');
    expect(translator('id')('error.paymentFailed')).toBe('Pembayaran gagal');
  });
});

describe('interpolate and pick', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('Hi {name}, {n} {x}', { name: 'Aisyah', n: 3 })).toBe('Hi Aisyah, 3 {x}');
  });
  it('picks only the strings an island needs', () => {
    expect(pick('ms', ['field.required'])).toEqual({ 'field.required': 'Ruangan ini wajib diisi' });
  });
});

describe('plurals', () => {
  it('says "1 try" and "1 minute" but "2 tries" and "5 minutes" in English', () => {
    const t = translator('en');
    expect(t('auth.wrongCode', { count: 1 })).toBe('That code is not right. 1 try left.');
    expect(t('auth.wrongCode', { count: 2 })).toBe('That code is not right. 2 tries left.');
    expect(t('auth.rateLimited', { count: 1 })).toBe('Too many codes requested. Try again in 1 minute.');
    expect(t('auth.rateLimited', { count: 15 })).toBe('Too many codes requested. Try again in 15 minutes.');
    expect(t('staff.rateLimited', { count: 1 })).toBe('Too many tries. Try again in 1 minute.');
    expect(t('staff.rateLimited', { count: 0 })).toBe('Too many tries. Try again in 0 minutes.');
  });
  it('says the issue’s "1 allowed site", "1 donor" and "1 gift" in English', () => {
    const t = translator('en');
    expect(t('staffEmbed.saved', { count: 1 })).toBe('Saved: 1 allowed site.');
    expect(t('staffEmbed.saved', { count: 3 })).toBe('Saved: 3 allowed sites.');
    expect(t('fundraiser.account.detail', { raised: 'RM10.00', donors: 1, count: 1 })).toBe('RM10.00 raised · 1 donor');
    expect(t('donation.plan.summary.monthly', { amount: 'RM5.00', campaign: 'Wakaf', count: 1 })).toBe(
      'RM5.00 every month to Wakaf, 1 gift in all',
    );
    expect(translator('ms')('fundraiser.account.detail', { raised: 'RM10.00', donors: 1, count: 1 })).not.toContain(
      '{',
    );
  });
  it('uses the one form Malay and Indonesian have for every number', () => {
    expect(pluralCategory('ms', 1)).toBe('other');
    expect(pluralCategory('id', 1)).toBe('other');
    expect(translator('ms')('auth.wrongCode', { count: 1 })).toBe('Kod itu tidak betul. Tinggal 1 cubaan lagi.');
    expect(translator('id')('auth.rateLimited', { count: 1 })).toBe(
      'Terlalu banyak kode diminta. Coba lagi dalam 1 menit.',
    );
  });
  it('gives every counting message the plural forms its language selects (en: one + other; ms, id: other)', () => {
    for (const locale of ['en', 'ms', 'id'] as const) {
      const catalogue = catalogues[locale];
      const missing: string[] = [];
      for (const [key, text] of Object.entries(catalogue)) {
        if (VARIANT.test(key) || !COUNTING.test(text)) continue;
        for (const category of pluralVariants(locale)) if (!(`${key}.${category}` in catalogue)) missing.push(key);
      }
      expect(missing, `${locale}: {count} messages without their plural forms`).toEqual([]);
    }
    expect(pluralVariants('en')).toEqual(['one']);
    expect(pluralVariants('ms')).toEqual([]);
    expect(pluralVariants('id')).toEqual([]);
  });
  it('gives islands the variants with the picked strings, and chooses among them', () => {
    const en1 = pick('en', ['auth.wrongCode']);
    expect(Object.keys(en1).sort()).toEqual(['auth.wrongCode', 'auth.wrongCode.one']);
    expect(countMessage(en1, 'en', 'auth.wrongCode', { count: 1 })).toBe('That code is not right. 1 try left.');
    expect(countMessage(en1, 'en', 'auth.wrongCode', { count: 3 })).toBe('That code is not right. 3 tries left.');
    const id1 = pick('id', ['auth.wrongCode']);
    expect(Object.keys(id1)).toEqual(['auth.wrongCode']);
    expect(countMessage(id1, 'id', 'auth.wrongCode', { count: 1 })).toBe('Kode itu salah. Tersisa 1 percobaan lagi.');
  });
  it('gives every plural variant a base message holding the other form', () => {
    for (const key of Object.keys(en)) {
      const match = /^(.+)\.(zero|one|two|few|many)$/.exec(key);
      if (match) expect(Object.keys(en), key).toContain(match[1]);
    }
  });
});
