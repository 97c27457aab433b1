import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('masked personal data', () => {
  it('keeps a phone number recognisable: its first two and last four digits', () => {
    expect(maskPhone('60123456789')).toBe('+60•••••6789');
    expect(maskPhone('+6281234567890')).toBe('+62•••••••7890');
    expect(maskPhone('60123456789')).not.toContain('12345');
  });
  it('never shows more than about half of a short number', () => {
    expect(maskPhone('123456')).toBe('+1•••56');
    expect(maskPhone('12')).toBe('+••');
    expect(maskPhone('')).toBe('');
  });
  it("keeps an e-mail's first letters and the domain's ending only", () => {
    expect(maskEmail('aminah.yusof@gmail.com')).toBe('a•••@g•••.com');
    expect(maskEmail('payer@example.my')).toBe('p•••@e•••.my');
    expect(maskEmail('x@localhost')).toBe('x•••@l•••');
    expect(maskEmail('not-an-email')).toBe('•••');
  });
});
