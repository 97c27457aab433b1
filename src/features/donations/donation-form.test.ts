import { describe, expect, it } from 'vitest';
import { formatDay, schedulePreview } from './donation-form';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const messages = {
  'donation.form.previewOneTime': 'One gift of {amount}, today',
  'donation.form.previewWeekly': '{count} weekly gifts of {amount}, the last on {last}',
  'donation.form.previewMonthly': '{count} monthly gifts of {amount}, the last on {last}',
  'donation.form.previewFee': 'each with {fee} added to cover the fees',
  'donation.form.previewMonthly.one': '{count} monthly gift of {amount}, on {last}',
};

describe('schedule preview', () => {
  it('says the issue’s sentence for 12 monthly gifts', () => {
    expect(
      schedulePreview(
        { amount: 'RM50.00', type: 'monthly', count: 12, fee: null },
        '2026-11-23',
        months,
        messages,
        'en',
      ),
    ).toBe('12 monthly gifts of RM50.00, the last on 23 Oct 2027');
  });

  it('weekly, one-time and the covered fee', () => {
    expect(
      schedulePreview({ amount: 'RM10.00', type: 'weekly', count: 4, fee: null }, '2026-11-23', months, messages, 'en'),
    ).toBe('4 weekly gifts of RM10.00, the last on 14 Dec 2026');
    expect(
      schedulePreview(
        { amount: 'RM10.00', type: 'one-time', count: undefined, fee: 'RM0.69' },
        '2026-11-23',
        months,
        messages,
        'en',
      ),
    ).toBe('One gift of RM10.00, today, each with RM0.69 added to cover the fees');
  });

  it('says "1 monthly gift" in English and the one form in Malay', () => {
    expect(
      schedulePreview(
        { amount: 'RM50.00', type: 'monthly', count: 1, fee: null },
        '2026-11-23',
        months,
        messages,
        'en',
      ),
    ).toBe('1 monthly gift of RM50.00, on 23 Nov 2026');
    expect(
      schedulePreview(
        { amount: 'RM50.00', type: 'monthly', count: 1, fee: null },
        '2026-11-23',
        months,
        messages,
        'ms',
      ),
    ).toBe('1 monthly gifts of RM50.00, the last on 23 Nov 2026');
  });

  it('is empty until the choice is complete', () => {
    expect(
      schedulePreview(
        { amount: '', type: 'one-time', count: undefined, fee: null },
        '2026-11-23',
        months,
        messages,
        'en',
      ),
    ).toBe('');
    expect(
      schedulePreview(
        { amount: 'RM1', type: 'weekly', count: undefined, fee: null },
        '2026-11-23',
        months,
        messages,
        'en',
      ),
    ).toBe('');
  });

  it('formats a day with the locale’s month names', () => {
    expect(
      formatDay('2027-08-05', ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis']),
    ).toBe('05 Ogo 2027');
  });
});
