import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import { type Access, routePolicy } from '#pipeline/route-policy.ts';
import { roleReaches, type StaffRole } from './roles';

/**
 * The access rule (SPEC.md §6): who may open which path (unprefixed). Declared with the rest of
 * each route's policy in one table, src/pipeline/route-policy.ts; later issues add their protected
 * screens there.
 */
export type { Access };

export function accessFor(path: string): Access {
  return routePolicy(path).access;
}

export interface Viewer {
  customer: boolean;
  staffRole: StaffRole | null;
}

export function isAllowed(access: Access, viewer: Viewer): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'customer':
      return viewer.customer;
    case 'staff':
    case 'manager':
    case 'owner':
      return roleReaches(viewer.staffRole, access);
  }
}

/** Where a refused visitor goes: the customer or staff login, with the path to come back to. */
export function loginRedirect(access: Access, locale: Locale, returnTo: string): string {
  const login = access === 'customer' ? '/login' : '/staff/login';
  return `${localePath(locale, login)}?next=${encodeURIComponent(returnTo)}`;
}
