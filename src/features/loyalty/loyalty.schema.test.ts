import { describe, expect, it } from 'vitest';
import { JoinForm } from './loyalty.schema';

describe('the sign-up form', () => {
  it('takes no birthday: nothing uses one (PDPA purpose limitation, issue 23)', () => {
    const parsed = JoinForm.parse({ programme: 'sihat-points', name: 'Aisyah', birthday: '1990-05-01', consent: 'on' });
    expect(parsed).toEqual({ programme: 'sihat-points', name: 'Aisyah', consent: 'on' });
  });
});
