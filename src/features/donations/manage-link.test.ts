import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from './manage-link';

const secret = 'a-test-secret-of-more-than-32-characters';
const tenant = '3f1c2b9a-7d4e-4c1a-9b2f-1e2d3c4b5a69';
const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const plan = '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a';

describe('donation manage links', () => {
  it('opens the row it was signed for', () => {
    const token = signLink(secret, 'plan', tenant, plan);
    expect(token).toMatch(/^p\.[0-9a-f-]{36}\.[\w-]{22}$/);
    expect(verifyLink(secret, 'plan', tenant, token)).toBe(plan);
  });

  it('opens nothing once any character changes', () => {
    const token = signLink(secret, 'plan', tenant, plan);
    for (let i = 0; i < token.length; i += 1) {
      const c = token[i] === 'a' ? 'b' : 'a';
      const tampered = `${token.slice(0, i)}${c}${token.slice(i + 1)}`;
      if (tampered !== token) expect(verifyLink(secret, 'plan', tenant, tampered)).toBeNull();
    }
  });

  it('opens nothing for another tenant, purpose or secret, nor for rubbish', () => {
    const token = signLink(secret, 'plan', tenant, plan);
    expect(verifyLink(secret, 'plan', other, token)).toBeNull();
    expect(verifyLink(secret, 'receipt', tenant, token)).toBeNull();
    expect(verifyLink(`${secret}x`, 'plan', tenant, token)).toBeNull();
    expect(verifyLink(secret, 'receipt', tenant, `r${token.slice(1)}`)).toBeNull();
    for (const rubbish of ['', 'p', 'p..', `${token}=`, `${token}a`, 'x'.repeat(500), `p.${plan}.${'A'.repeat(22)}`]) {
      expect(verifyLink(secret, 'plan', tenant, rubbish)).toBeNull();
    }
  });

  it('refuses to sign what is not a uuid', () => {
    expect(() => signLink(secret, 'plan', tenant, 'abc')).toThrow();
  });
});
