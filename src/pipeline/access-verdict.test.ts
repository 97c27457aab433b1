import { describe, expect, it } from 'vitest';
import { routePolicy } from '#pipeline/route-policy.ts';
import { accessVerdict, type Visitor } from './access-verdict';

const ALL = { appointments: true, donations: true, loyalty: true, reviews: true };
const visitor = (over: Partial<Visitor> = {}): Visitor => ({
  customer: false,
  staffRole: null,
  offers: ALL,
  devAids: () => false,
  ...over,
});

describe('access verdict from the route table', () => {
  it('a route of an offer the tenant lacks does not exist, pages and endpoints alike', () => {
    const without = visitor({ offers: { ...ALL, appointments: false } });
    for (const path of [
      '/appointment',
      '/appointment/x',
      '/appointment/embed',
      '/api/bookings',
      '/api/appointments/x/availability',
    ]) {
      expect(accessVerdict(routePolicy(path), without), path).toBe('not-found');
      expect(accessVerdict(routePolicy(path), visitor()), path).toBe('allow');
    }
    // An offer the tenant's settings do not list yet is not offered.
    expect(accessVerdict({ access: 'public', offer: 'queue' }, visitor())).toBe('not-found');
  });
  it('a developer aid exists only while the aids are open, and is asked only for dev routes', () => {
    let asked = 0;
    const open = visitor({
      devAids: () => {
        asked += 1;
        return true;
      },
    });
    expect(accessVerdict(routePolicy('/dev/outbox'), visitor())).toBe('not-found');
    expect(accessVerdict(routePolicy('/api/dev/error'), visitor())).toBe('not-found');
    expect(accessVerdict(routePolicy('/dev/outbox'), open)).toBe('allow');
    expect(asked).toBe(1);
    expect(accessVerdict(routePolicy('/appointment'), open)).toBe('allow');
    expect(asked).toBe(1);
  });
  it('keeps the login and role rules: log in, or refused when a staff member lacks the owner role', () => {
    expect(accessVerdict(routePolicy('/account'), visitor())).toBe('login');
    expect(accessVerdict(routePolicy('/account'), visitor({ customer: true }))).toBe('allow');
    expect(accessVerdict(routePolicy('/staff'), visitor())).toBe('login');
    expect(accessVerdict(routePolicy('/staff'), visitor({ staffRole: 'staff' }))).toBe('allow');
    expect(accessVerdict(routePolicy('/staff/team'), visitor({ staffRole: 'staff' }))).toBe('forbidden');
    expect(accessVerdict(routePolicy('/staff/team'), visitor({ staffRole: 'owner' }))).toBe('allow');
    expect(accessVerdict(routePolicy('/api/staff/team'), visitor())).toBe('login');
  });
  it('an offer the tenant lacks is a 404 before any login is asked', () => {
    expect(accessVerdict({ access: 'customer', offer: 'donations' }, visitor({ offers: { donations: false } }))).toBe(
      'not-found',
    );
  });
});
