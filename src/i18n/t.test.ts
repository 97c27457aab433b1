import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import id from './messages/id.json';
import ms from './messages/ms.json';
import { interpolate, pick, translator } from './t';

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
