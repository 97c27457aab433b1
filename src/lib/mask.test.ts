import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('masked personal data', () => {
  it.each([
    // a phone number stays recognisable: its first two and last four digits
    ['60123456789', '+60•••••6789'],
    ['+6281234567890', '+62•••••••7890'],
    // never more than about half of a short number
    ['123456', '+1•••56'],
    ['12', '+••'],
    ['', ''],
  ])('masks the phone %j as %j', (phone, masked) => expect(maskPhone(phone)).toBe(masked));

  it('hides the middle digits of a phone number', () => {
    expect(maskPhone('60123456789')).not.toContain('12345');
  });

  it.each([
    ['aminah.yusof@gmail.com', 'a•••@g•••.com'],
    ['payer@example.my', 'p•••@e•••.my'],
    ['x@localhost', 'x•••@l•••'],
    ['not-an-email', '•••'],
  ])("keeps only an e-mail's first letters and the domain's ending: %j is %j", (email, masked) =>
    expect(maskEmail(email)).toBe(masked),
  );
});
