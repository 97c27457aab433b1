import { describe, expect, it } from 'vitest';
import { RESCHEDULE_NOTICE_INTERVAL_MS, rescheduleNoticeDue } from './booking-messages';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 0, minutes));

describe('when the notice of a move is due (at most one an hour per booking)', () => {
  it('is due at once without a notice in the last hour', () => {
    expect(rescheduleNoticeDue(null, at(0))).toEqual(at(0));
    expect(rescheduleNoticeDue(at(0), at(60))).toEqual(at(60));
    expect(rescheduleNoticeDue(at(0), at(200))).toEqual(at(200));
  });

  it('waits an hour after a notice due within the last hour', () => {
    expect(rescheduleNoticeDue(at(0), at(1))).toEqual(at(60));
    expect(rescheduleNoticeDue(at(0), at(59))).toEqual(new Date(at(0).getTime() + RESCHEDULE_NOTICE_INTERVAL_MS));
  });

  it('joins a notice still waiting', () => {
    expect(rescheduleNoticeDue(at(60), at(10))).toEqual(at(60));
    expect(rescheduleNoticeDue(at(60), at(59))).toEqual(at(60));
  });
});
