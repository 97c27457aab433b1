import { describe, expect, it } from 'vitest';
import { requestPagePath, servicePagePath } from './paths';
import { addressLine, agendaWindow, groupByDay, intakeAnswerRows } from './staff-agenda';

const KL = 'Asia/Kuala_Lumpur';

describe('the staff agenda', () => {
  it('runs from local midnight today for 14 days in the tenant’s zone', () => {
    // 23:30 on Sunday 22 Nov in Kuala Lumpur is still 15:30 UTC.
    const window = agendaWindow(new Date('2026-11-22T15:30:00Z'), KL);
    expect(window.today).toBe('2026-11-22');
    expect(window.from.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(window.until.toISOString()).toBe('2026-12-05T16:00:00.000Z');
    // Just after midnight it is the next day.
    expect(agendaWindow(new Date('2026-11-22T16:00:00Z'), KL).today).toBe('2026-11-23');
  });

  it('groups bookings by their local day, days and times in order, with today and tomorrow marked', () => {
    const row = (iso: string, id: string) => ({ id, booking: { startsAt: new Date(iso) } });
    const days = groupByDay(
      [
        row('2026-11-23T01:00:00Z', 'tomorrow-9am'),
        row('2026-11-22T16:30:00Z', 'tomorrow-0030'), // 00:30 on the 23rd in KL
        row('2026-11-22T03:00:00Z', 'today'),
        row('2026-11-26T02:00:00Z', 'thursday'),
      ],
      KL,
      '2026-11-22',
    );
    expect(days.map((d) => [d.date, d.offset, d.items.map((i) => i.id)])).toEqual([
      ['2026-11-22', 0, ['today']],
      ['2026-11-23', 1, ['tomorrow-0030', 'tomorrow-9am']],
      ['2026-11-26', 4, ['thursday']],
    ]);
    expect(groupByDay([], KL, '2026-11-22')).toEqual([]);
  });

  it('links to the request page and the service page by slug', () => {
    expect(requestPagePath('health-screening', 'Ab12_x')).toBe('/appointment/health-screening/request?booking=Ab12_x');
    expect(servicePagePath('health-screening')).toBe('/appointment/health-screening');
  });
});

describe('intake answers and address for staff', () => {
  const questions = [
    {
      id: 'fasting',
      kind: 'yes_no' as const,
      label: { en: 'Will you have fasted?', ms: 'Adakah anda akan berpuasa?' },
    },
    { id: 'medications', kind: 'text' as const, label: { en: 'Medicines you take', id: 'Obat yang Anda konsumsi' } },
    { id: 'allergies', kind: 'text' as const, label: { en: 'Allergies' } },
  ];

  it('pairs each answer with its question in the staff member’s language, yes/no translated', () => {
    const answers = { medications: 'Metformin', fasting: 'yes', retired: 'old answer' };
    expect(intakeAnswerRows(questions, answers, 'ms', { yes: 'Ya', no: 'Tidak' })).toEqual([
      { id: 'fasting', question: 'Adakah anda akan berpuasa?', answer: 'Ya' },
      { id: 'medications', question: 'Medicines you take', answer: 'Metformin' },
      { id: 'retired', question: 'retired', answer: 'old answer' },
    ]);
    expect(intakeAnswerRows(questions, {}, 'en', { yes: 'Yes', no: 'No' })).toEqual([]);
  });

  it('puts a stored address on one line', () => {
    expect(
      addressLine({
        address_1: '12 Jalan Mawar',
        address_2: '',
        postcode: '40000',
        city: 'Shah Alam',
        state: 'Selangor',
        country: 'Malaysia',
      }),
    ).toBe('12 Jalan Mawar, 40000 Shah Alam, Selangor, Malaysia');
    expect(addressLine(null)).toBe('');
  });
});
