import { describe, expect, it } from 'vitest';
import { AvailabilityResponse, RescheduledResponse } from './slot-page-answers';

describe('the slot page answers, checked by hand', () => {
  const feed = {
    step: 15,
    duration: 30,
    resources: ['a', 'b'],
    days: [
      { date: '2030-01-02', status: 'available', free: [[0, 540, 4]] },
      { date: '2030-01-03', status: 'closed' },
    ],
  };

  it('takes a feed and a reschedule answer as they are', () => {
    expect(AvailabilityResponse.safeParse(feed)).toEqual({ success: true, data: feed });
    expect(RescheduledResponse.safeParse({ status: 'confirmed', path: '/x' })).toMatchObject({ success: true });
  });

  it('refuses what is not one', () => {
    const bad = [
      null,
      [],
      { ...feed, step: '15' },
      { ...feed, resources: [1] },
      { ...feed, days: [{ date: '2030-01-02', status: 'open' }] },
      { ...feed, days: [{ date: '2030-01-02', status: 'available', free: [['0']] }] },
      { ...feed, days: {} },
    ];
    for (const value of bad) expect(AvailabilityResponse.safeParse(value).success).toBe(false);
    expect(RescheduledResponse.safeParse({ status: 'confirmed' }).success).toBe(false);
  });
});
