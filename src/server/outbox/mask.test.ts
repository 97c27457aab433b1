import { describe, expect, it } from 'vitest';
import { maskDestination, redactSecrets } from './mask';

describe('maskDestination', () => {
  it('keeps the dial code and the last three digits of a phone number', () => {
    expect(maskDestination('sms', '60123456789')).toBe('60******789');
    expect(maskDestination('sms', '+6281234567890')).toBe('+62********890');
    expect(maskDestination('sms', '12345')).toBe('***45');
  });

  it('keeps the first letter and the domain of an e-mail address', () => {
    expect(maskDestination('email', 'aisyah@example.com')).toBe('a***@example.com');
    expect(maskDestination('email', 'a@example.com')).toBe('a***@example.com');
    expect(maskDestination('email', 'not-an-address')).toBe('***');
  });
});

describe('redactSecrets', () => {
  it('blanks every occurrence of every secret, longest first', () => {
    expect(redactSecrets('token abcd1234 and abcd1234abcd', ['abcd1234', 'abcd1234abcd'])).toBe(
      'token [redacted] and [redacted]',
    );
  });

  it('ignores missing and very short secrets', () => {
    expect(redactSecrets('a b c', [undefined, '', 'a'])).toBe('a b c');
  });
});
