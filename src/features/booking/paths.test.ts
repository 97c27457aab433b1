import { describe, expect, it } from 'vitest';
import { availabilityApiPath, bookingApiPath, bookingCalendarPath, categoryPath, servicePath } from './paths';

describe('appointment addresses', () => {
  it('builds pages in the visitor’s language and files without a prefix', () => {
    expect(servicePath('ms', 'dental-scaling')).toBe('/ms/appointment/dental-scaling');
    expect(categoryPath('en', 'dental')).toBe('/appointment/category/dental');
    expect(bookingCalendarPath('dental-scaling', 'B1')).toBe('/appointment/dental-scaling/calendar.ics?booking=B1');
  });

  it('encodes odd segments', () => {
    expect(servicePath('en', 'a/b c')).toBe('/appointment/a%2Fb%20c');
    expect(bookingApiPath('x/../y', 'cancel')).toBe('/api/bookings/x%2F..%2Fy/cancel');
    expect(availabilityApiPath('s?1', new URLSearchParams({ from: '2026-01-01' }))).toBe(
      '/api/appointments/s%3F1/availability?from=2026-01-01',
    );
  });
});
