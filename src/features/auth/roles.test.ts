import { describe, expect, it } from 'vitest';
import { accessVerdict, type Visitor } from '#pipeline/access-verdict.ts';
import { routePolicy } from '#pipeline/route-policy.ts';
import { isAllowed } from './access';
import { ROLE_MATRIX, roleReaches, STAFF_ROLES, type StaffArea, staffMay } from './roles';

const AREAS: StaffArea[] = ['daily', 'catalogue', 'hours', 'campaigns', 'programmes', 'team', 'settings'];

describe('the role matrix', () => {
  it('owner everything, manager the catalogue, hours, campaigns and programmes, staff the daily work', () => {
    const table = Object.fromEntries(STAFF_ROLES.map((role) => [role, AREAS.filter((a) => staffMay(role, a))]));
    expect(table).toEqual({
      owner: AREAS,
      manager: ['daily', 'catalogue', 'hours', 'campaigns', 'programmes'],
      staff: ['daily'],
    });
    for (const area of AREAS) expect(staffMay(null, area)).toBe(false);
  });
  it('each role reaches the route table’s staff levels it should, and no other', () => {
    expect(STAFF_ROLES.map((r) => roleReaches(r, 'staff'))).toEqual([true, true, true]);
    expect(STAFF_ROLES.map((r) => roleReaches(r, 'manager'))).toEqual([true, true, false]);
    expect(STAFF_ROLES.map((r) => roleReaches(r, 'owner'))).toEqual([true, false, false]);
    expect(roleReaches(null, 'staff')).toBe(false);
    // Public and customer levels are not staff levels: the access rule answers them itself.
    expect(roleReaches('owner', 'customer')).toBe(false);
    expect(isAllowed('public', { customer: false, staffRole: null })).toBe(true);
    expect(isAllowed('customer', { customer: false, staffRole: 'owner' })).toBe(false);
  });
  it('every role has its own row, and managing includes the daily work', () => {
    expect(Object.keys(ROLE_MATRIX).sort()).toEqual([...STAFF_ROLES].sort());
    for (const role of STAFF_ROLES) expect(staffMay(role, 'daily')).toBe(true);
  });
});

describe('the catalogue screens in the route table', () => {
  const visitor = (over: Partial<Visitor>): Visitor => ({
    customer: false,
    staffRole: null,
    offers: { appointments: true },
    devAids: () => false,
    ...over,
  });
  it('open to owners and managers; staff are refused, a visitor logs in', () => {
    for (const path of [
      '/staff/catalogue',
      '/staff/catalogue/services/new',
      '/staff/catalogue/practitioners/x/hours',
    ]) {
      expect(accessVerdict(routePolicy(path), visitor({ staffRole: 'owner' })), path).toBe('allow');
      expect(accessVerdict(routePolicy(path), visitor({ staffRole: 'manager' })), path).toBe('allow');
      expect(accessVerdict(routePolicy(path), visitor({ staffRole: 'staff' })), path).toBe('forbidden');
      expect(accessVerdict(routePolicy(path), visitor({})), path).toBe('login');
    }
    expect(accessVerdict(routePolicy('/staff/team'), visitor({ staffRole: 'manager' }))).toBe('forbidden');
    expect(accessVerdict(routePolicy('/staff/catalogue'), visitor({ staffRole: 'owner', offers: {} }))).toBe(
      'not-found',
    );
  });
});
