import { describe, expect, it } from 'vitest';
import { startFundraiserSchema } from './fundraiser-form.schema';
import { LeaderboardResponse } from './leaderboard-answer';

const MYR = { code: 'MYR', symbol: 'RM', exponent: 2 } as Parameters<typeof startFundraiserSchema>[0];

describe('start form', () => {
  it('reads the texts, a goal in major units and a team choice', () => {
    const parsed = startFundraiserSchema(MYR).parse({
      displayName: '  Siti  ',
      title: 'Lari 10K',
      goal: '1,500.50',
      team: 'create',
      teamName: 'Geng Lari',
    });
    expect(parsed).toMatchObject({ displayName: 'Siti', goal: 150_050, team: 'create', teamName: 'Geng Lari' });
  });

  it('refuses an overlong title, a bad goal, a team to join without one, a bad day', () => {
    const result = startFundraiserSchema(MYR).safeParse({
      displayName: 'Siti',
      title: 'x'.repeat(81),
      goal: 'abc',
      team: 'join',
      endsOn: '2026-13-40',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({
      title: 'fundraiser.form.tooLong',
      goal: 'fundraiser.form.goalInvalid',
      endsOn: 'fundraiser.form.dateInvalid',
    });
  });
});

describe('end day', () => {
  it('refuses a day that does not exist (31 February) as a field error', () => {
    for (const endsOn of ['2026-02-31', '2026-02-29', '2026-04-31', '2026-00-10']) {
      const result = startFundraiserSchema(MYR).safeParse({ displayName: 'Siti', title: 'Lari 10K', endsOn });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['endsOn', 'fundraiser.form.dateInvalid'],
      ]);
    }
    expect(
      startFundraiserSchema(MYR).parse({ displayName: 'Siti', title: 'Lari 10K', endsOn: '2028-02-29' }).endsOn,
    ).toBe('2028-02-29');
  });
});

describe('leaderboard answer', () => {
  const row = {
    rank: 1,
    id: 'a',
    slug: 'siti',
    name: 'Siti',
    title: 'Lari',
    raisedMinor: 100,
    donorCount: 1,
    verified: false,
    teamName: null,
  };
  it('takes a well-formed answer and refuses a malformed one', () => {
    const good = { visible: true, total: 1, fundraisers: [row], teams: [] };
    expect(LeaderboardResponse.safeParse(good).success).toBe(true);
    expect(LeaderboardResponse.safeParse({ ...good, fundraisers: [{ ...row, raisedMinor: '100' }] }).success).toBe(
      false,
    );
    expect(LeaderboardResponse.safeParse(null).success).toBe(false);
  });
});
