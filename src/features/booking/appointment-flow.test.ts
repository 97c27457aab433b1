import { createEvent } from 'ics';
import { describe, expect, it } from 'vitest';
import {
  bookingPage,
  calendarEvent,
  choiceFromSearch,
  formatCountdown,
  formPathWithChoice,
  isHoldLive,
  minutesLeft,
  monthChunks,
  slotTime,
  unavailableDates,
} from './appointment-flow';
import { bookingPagePath } from './paths';

const KL = 'Asia/Kuala_Lumpur';
describe('slotTime', () => {
  it('shows the slot on the tenant’s clock in hh:mma, per language', () => {
    expect(slotTime('2026-11-24T01:15:00.000Z', 'en', KL)).toBe('09:15AM');
    expect(slotTime('2026-11-24T06:30:00.000Z', 'ms', KL)).toBe('02:30PTG');
    expect(slotTime('2026-11-24T04:00:00.000Z', 'id', 'Asia/Jakarta')).toBe('11.00');
  });
});

describe('monthChunks', () => {
  it('cuts a window into calendar months, clipped at both ends', () => {
    expect(monthChunks('2026-11-22', '2027-01-21')).toEqual([
      { key: '2026-11', from: '2026-11-22', to: '2026-11-30' },
      { key: '2026-12', from: '2026-12-01', to: '2026-12-31' },
      { key: '2027-01', from: '2027-01-01', to: '2027-01-21' },
    ]);
  });
  it('handles a single day, a leap February and an empty range', () => {
    expect(monthChunks('2028-02-10', '2028-02-10')).toEqual([{ key: '2028-02', from: '2028-02-10', to: '2028-02-10' }]);
    expect(monthChunks('2028-02-28', '2028-03-01').map((c) => c.to)).toEqual(['2028-02-29', '2028-03-01']);
    expect(monthChunks('2026-11-22', '2026-11-21')).toEqual([]);
  });
});

describe('unavailableDates', () => {
  it('blocks every day not known to be available, unloaded days included', () => {
    const known = new Map([
      ['2026-11-22', 'closed'],
      ['2026-11-23', 'available'],
      ['2026-11-24', 'full'],
      ['2026-11-25', 'available'],
    ]);
    expect(unavailableDates('2026-11-22', '2026-11-26', known)).toEqual(['2026-11-22', '2026-11-24', '2026-11-26']);
  });
});

describe('countdown', () => {
  it('shows mm:ss, rounding seconds up and never below zero', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(599_001)).toBe('10:00');
    expect(formatCountdown(598_999)).toBe('09:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
  it('speaks whole minutes, rounded up', () => {
    expect(minutesLeft(541_000)).toBe(10);
    expect(minutesLeft(60_000)).toBe(1);
    expect(minutesLeft(1)).toBe(1);
    expect(minutesLeft(0)).toBe(0);
  });
});

describe('booking pages', () => {
  const now = new Date('2026-11-23T01:00:00Z');
  it('keeps a hold payable only while its ten minutes run', () => {
    expect(isHoldLive({ status: 'held', holdExpiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isHoldLive({ status: 'held', holdExpiresAt: now }, now)).toBe(false);
    expect(isHoldLive({ status: 'confirmed', holdExpiresAt: null }, now)).toBe(false);
  });
  it('sends requests to the request page and holds to the checkout', () => {
    expect(bookingPage('requested', true)).toBe('request');
    expect(bookingPage('declined', true)).toBe('request');
    expect(bookingPage('held', false)).toBe('checkout');
    expect(bookingPage('confirmed', true)).toBe('request');
    expect(bookingPage('confirmed', false)).toBe('checkout');
    expect(bookingPagePath('dental-scaling', 'Abc123xyz0', 'checkout')).toBe(
      '/appointment/dental-scaling/checkout?booking=Abc123xyz0',
    );
  });
});

/** One appointment as the confirmation page describes it. */
const appointment = {
  uid: 'Abc123xyz0',
  start: new Date('2026-11-24T01:15:00Z'),
  end: new Date('2026-11-24T02:00:00Z'),
  serviceName: 'Dental scaling and polishing',
  organisation: 'Klinik Sihat Bersama',
  location: 'No. 12, Jalan Plumbum N7/N, 40000 Shah Alam',
  practitioner: 'Practitioner: Dr. Farah Hanim',
  details: ['Booking reference: Abc123xyz0'],
};

describe('calendarEvent', () => {
  it('makes an iCalendar event in UTC with service and organisation in the title', () => {
    const event = calendarEvent(appointment);
    const { error, value } = createEvent(event);
    expect(error).toBeNull();
    const text = (value ?? '').replace(/\r\n[ \t]/g, '');
    expect(text).toContain('DTSTART:20261124T011500Z');
    expect(text).toContain('DTEND:20261124T020000Z');
    expect(text).toContain('SUMMARY:Dental scaling and polishing – Klinik Sihat Bersama');
    expect(text).toContain('LOCATION:No. 12\\, Jalan Plumbum N7/N\\, 40000 Shah Alam');
    expect(text).toContain('DESCRIPTION:Practitioner: Dr. Farah Hanim\\nBooking reference: Abc123xyz0');
    expect(text).toContain('UID:Abc123xyz0@serambi');
    expect(text).toContain('STATUS:CONFIRMED');
  });
});

/** RFC 5545 §3.1: every unfolded content line is `name *(";" param) ":" value`, with a name. */
function contentLines(ics: string): { name: string; params: string; value: string }[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
  return lines.map((line) => {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(
      line,
    );
    if (!match) throw new Error(`invalid content line: ${line}`);
    return { name: match[1] ?? '', params: match[2] ?? '', value: match[3] ?? '' };
  });
}

describe('the calendar file is valid iCalendar, line by line', () => {
  const link = 'https://kliniksihat.my/appointment/x/checkout?booking=Abc123xyz0';
  const input = { ...appointment, details: [...appointment.details, link], url: link };

  it('has no ORGANIZER without the organisation’s e-mail, and no line without a value', () => {
    const { error, value } = createEvent(calendarEvent(input));
    expect(error).toBeNull();
    const lines = contentLines(value ?? '');
    expect(lines.map((l) => l.name)).not.toContain('ORGANIZER');
    for (const line of lines) expect(line.value, line.name).not.toBe('');
    expect(lines[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(lines.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
  });

  it('names the organisation as ORGANIZER with its mailto: address when it has one', () => {
    const { value } = createEvent(calendarEvent({ ...input, organisationEmail: 'hello@kliniksihat.my' }));
    const organizer = contentLines(value ?? '').find((l) => l.name === 'ORGANIZER');
    expect(organizer?.params).toBe(';CN="Klinik Sihat Bersama"');
    expect(organizer?.value.toLowerCase()).toBe('mailto:hello@kliniksihat.my');
  });
});

describe('the chosen slot in the form step URL', () => {
  const choice = { resourceId: 'r1', date: '2026-12-01', slotStart: '2026-12-01T09:00:00+08:00' };

  it('round-trips through the query string, keeping what was there', () => {
    const path = formPathWithChoice('/ms/appointment/x/form', choice);
    expect(path).toBe('/ms/appointment/x/form?date=2026-12-01&slot=2026-12-01T09%3A00%3A00%2B08%3A00&resource=r1');
    expect(choiceFromSearch(new URL(path, 'http://h').search)).toEqual(choice);
    const embedded = formPathWithChoice('/appointment/x/form?embed=1', choice);
    expect(new URL(embedded, 'http://h').searchParams.get('embed')).toBe('1');
    expect(choiceFromSearch(new URL(embedded, 'http://h').search)).toEqual(choice);
  });

  it('is absent when missing or malformed', () => {
    expect(choiceFromSearch('')).toBeNull();
    expect(choiceFromSearch('?date=2026-12-01')).toBeNull();
    expect(choiceFromSearch('?date=tomorrow&slot=2026-12-01T09:00:00Z')).toBeNull();
    expect(choiceFromSearch('?date=2026-12-01&slot=nine')).toBeNull();
    expect(choiceFromSearch('?date=2026-12-01&slot=2026-12-01T09:00:00Z')).toEqual({
      resourceId: 'any',
      date: '2026-12-01',
      slotStart: '2026-12-01T09:00:00Z',
    });
  });
});
