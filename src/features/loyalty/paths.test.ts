import { describe, expect, it } from 'vitest';
import { loyaltyRegisterPath, memberApiPath, programmePath, rewardsPath } from './paths';

describe('loyalty addresses', () => {
  it('has one builder for the optional programme of the rewards page', () => {
    expect(rewardsPath('en', null)).toBe('/loyalty/rewards');
    expect(rewardsPath('ms', 'P1')).toBe('/ms/loyalty/P1/rewards');
    expect(rewardsPath('en', null, { invoice: 'I1', back: '/appointment/x/checkout?booking=B' })).toBe(
      '/loyalty/rewards?invoice=I1&back=%2Fappointment%2Fx%2Fcheckout%3Fbooking%3DB',
    );
    // After a redemption: the same page, showing the voucher just issued.
    expect(rewardsPath('id', 'P1', { voucher: 'v 1' })).toBe('/id/loyalty/P1/rewards?voucher=v%201');
  });

  it('encodes odd segments', () => {
    expect(programmePath('id', 'a/b')).toBe('/id/loyalty/a%2Fb');
    expect(loyaltyRegisterPath('en', 'x&y')).toBe('/loyalty/register?programme=x%26y');
    expect(loyaltyRegisterPath('en')).toBe('/loyalty/register');
    expect(memberApiPath('p?')).toBe('/api/loyalty/p%3F/me');
  });
});
