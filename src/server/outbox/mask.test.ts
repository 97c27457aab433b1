import { describe, expect, it } from 'vitest';
import { maskDestination, redactSecrets } from './mask';

describe('maskDestination', () => {
  it.each([
    // a phone number keeps the dial code and the last three digits
    ['sms', '60123456789', '60******789'],
    ['sms', '+6281234567890', '+62********890'],
    ['sms', '12345', '***45'],
    // an e-mail address keeps the first letter and the domain
    ['email', 'aisyah@example.com', 'a***@example.com'],
    ['email', 'a@example.com', 'a***@example.com'],
    ['email', 'not-an-address', '***'],
  ] as const)('masks %s %j as %j', (channel, destination, masked) =>
    expect(maskDestination(channel, destination)).toBe(masked),
  );
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
