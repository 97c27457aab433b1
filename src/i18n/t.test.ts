import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import id from './messages/id.json';
import ms from './messages/ms.json';
import { interpolate, pick, pluralCategory, translator } from './t';

describe('messages', () => {
  it('has every English key in Malay and Indonesian, none empty', () => {
    for (const catalogue of [ms, id]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const value of Object.values(catalogue)) expect(value.trim()).not.toBe('');
    }
  });
  it('keeps the placeholders of every English message', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders((ms as Record<string, string>)[key] ?? ''), key).toEqual(placeholders(text));
      expect(placeholders((id as Record<string, string>)[key] ?? ''), key).toEqual(placeholders(text));
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
  it('uses the one form Malay and Indonesian have for every number', () => {
    expect(pluralCategory('ms', 1)).toBe('other');
    expect(pluralCategory('id', 1)).toBe('other');
    expect(translator('ms')('auth.wrongCode', { count: 1 })).toBe('Kod itu tidak betul. Tinggal 1 cubaan lagi.');
    expect(translator('id')('auth.rateLimited', { count: 1 })).toBe(
      'Terlalu banyak kode diminta. Coba lagi dalam 1 menit.',
    );
  });
  it('gives every plural variant a base message holding the other form', () => {
    for (const key of Object.keys(en)) {
      const match = /^(.+)\.(zero|one|two|few|many)$/.exec(key);
      if (match) expect(Object.keys(en), key).toContain(match[1]);
    }
  });
});
