import type { Access } from '#pipeline/route-policy.ts';

/**
 * The staff roles and what each may do (issue 26): the owner everything, a manager what the public
 * sees of the organisation's offer (catalogue, hours, campaigns, programmes), staff the daily work.
 * Pure: the access rule (access.ts), the route table's `manager` families and the pages' own
 * owner-or-manager controls all read this one matrix.
 */
export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a staff member may work on. */
export type StaffArea = 'daily' | 'catalogue' | 'hours' | 'campaigns' | 'programmes' | 'team' | 'settings';

const DAILY: readonly StaffArea[] = ['daily'];
const MANAGING: readonly StaffArea[] = [...DAILY, 'catalogue', 'hours', 'campaigns', 'programmes'];

export const ROLE_MATRIX: Readonly<Record<StaffRole, readonly StaffArea[]>> = {
  owner: [...MANAGING, 'team', 'settings'],
  manager: MANAGING,
  staff: DAILY,
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a staff member of `role` (null: nobody logged in as staff) may work on `area`. */
export function staffMay(role: StaffRole | null | undefined, area: StaffArea): boolean {
  return role != null && ROLE_MATRIX[role].includes(area);
}

/** The area a staff access level of the route table stands for. */
const ACCESS_AREA: Partial<Record<Access, StaffArea>> = { staff: 'daily', manager: 'catalogue', owner: 'team' };

/** Whether a staff role reaches a staff access level of the route table (`staff`, `manager`, `owner`). */
export function roleReaches(role: StaffRole | null, access: Access): boolean {
  const area = ACCESS_AREA[access];
  return area !== undefined && staffMay(role, area);
}
