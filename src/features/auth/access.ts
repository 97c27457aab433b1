import type { Locale } from '../../i18n/locales';
import { localePath } from '../../i18n/routing';

/**
 * The access rule (SPEC.md §6), declared in one place: who may open which path (unprefixed).
 * Later issues add their protected screens here.
 */
export type Access = 'public' | 'customer' | 'staff' | 'owner';

const RULES: { match: (path: string) => boolean; access: Access }[] = [
  // The invoice list needs a login; an invoice page by its unguessable id does not.
  { match: (p) => p === '/invoices', access: 'customer' },
  { match: (p) => p === '/account', access: 'customer' },
  { match: (p) => p === '/api/account' || p.startsWith('/api/account/'), access: 'customer' },
  { match: (p) => p === '/staff/login' || p.startsWith('/staff/invite/'), access: 'public' },
  { match: (p) => p === '/staff/team' || p.startsWith('/api/staff/team'), access: 'owner' },
  { match: (p) => p === '/staff' || p.startsWith('/staff/') || p.startsWith('/api/staff/'), access: 'staff' },
];

export function accessFor(path: string): Access {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return RULES.find((rule) => rule.match(clean))?.access ?? 'public';
}

export interface Viewer {
  customer: boolean;
  staffRole: 'owner' | 'staff' | null;
}

export function isAllowed(access: Access, viewer: Viewer): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'customer':
      return viewer.customer;
    case 'staff':
      return viewer.staffRole !== null;
    case 'owner':
      return viewer.staffRole === 'owner';
  }
}

/** Where a refused visitor goes: the customer or staff login, with the path to come back to. */
export function loginRedirect(access: Access, locale: Locale, returnTo: string): string {
  const login = access === 'customer' ? '/login' : '/staff/login';
  return `${localePath(locale, login)}?next=${encodeURIComponent(returnTo)}`;
}
