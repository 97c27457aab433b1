import { describe, expect, it } from 'vitest';
import { accountFundraiserPath, fundraiserPaths, staffFundraiserPath } from './paths';

describe('fundraiser addresses', () => {
  it('puts a page under its campaign', () => {
    expect(fundraiserPaths.give('C1', 'aina')).toBe('/donation/C1/fundraisers/aina/give');
    expect(accountFundraiserPath('ms', 'f1')).toBe('/ms/account/fundraisers/f1');
    expect(staffFundraiserPath('en', 'f1')).toBe('/staff/fundraisers/f1');
  });

  it('encodes odd segments', () => {
    expect(fundraiserPaths.page('C/1', 'a b')).toBe('/donation/C%2F1/fundraisers/a%20b');
    expect(fundraiserPaths.photo('C', 's', 'v&1')).toBe('/donation/C/fundraisers/s/photo?v=v%261');
    expect(fundraiserPaths.api('C?')).toBe('/api/fundraisers/campaigns/C%3F/leaderboard');
  });
});
