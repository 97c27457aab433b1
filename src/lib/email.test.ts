import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail, normaliseEmail } from './email';

const SAMPLES = [
  'aisyah@example.my',
  'Nur.Aisyah+clinic@mail.example.co.id',
  "o'brien@example.org",
  'a@b.co',
  'user@sub-domain.example.com',
  'plain',
  'no-at.example.my',
  'two@@example.my',
  'space in@example.my',
  'trailing.dot.@example.my',
  '.leading@example.my',
  'user@example',
  'user@example.c',
  'user@-example.com',
  'user@example..com',
  'user@exa_mple.com',
  'ünïcode@example.my',
  '',
];

describe('the e-mail rule', () => {
  it('agrees with the server’s zod e-mail check on every sample', () => {
    const zodEmail = z.email();
    for (const sample of SAMPLES) expect(isEmail(sample), sample).toBe(zodEmail.safeParse(sample).success);
  });

  it('trims, and refuses an address longer than RFC 5321 allows', () => {
    expect(isEmail('  aisyah@example.my ')).toBe(true);
    const long = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.my'.length + 1)}@example.my`;
    expect(long.length).toBe(EMAIL_MAX_LENGTH + 1);
    expect(isEmail(long)).toBe(false);
  });

  it('stores addresses trimmed and lower-cased', () => {
    expect(normaliseEmail('  Aisyah@Example.MY ')).toBe('aisyah@example.my');
  });
});
