import { isAllowed } from '#features/auth/index.ts';
import type { Offer, RoutePolicy } from '#pipeline/route-policy.ts';

export interface Visitor {
  customer: boolean;
  staffRole: Parameters<typeof isAllowed>[1]['staffRole'];
  /** What the tenant offers (its settings); an offer it does not list is not offered. */
  offers: Partial<Record<Offer, boolean>>;
  /** Whether the developer aids answer this request (asked only for a `dev` route). */
  devAids: () => boolean;
}

/**
 * What the route table says about this visitor on this route: a route of an offer the tenant lacks,
 * or a developer aid while they are closed, does not exist (`not-found`); then the login and role
 * rules. A staff member without the role a route asks (owner, manager) is refused, not sent to log in again.
 */
export function accessVerdict(
  policy: Pick<RoutePolicy, 'access' | 'offer' | 'dev'>,
  visitor: Visitor,
): 'allow' | 'not-found' | 'login' | 'forbidden' {
  if (policy.offer && visitor.offers[policy.offer] !== true) return 'not-found';
  if (policy.dev && !visitor.devAids()) return 'not-found';
  if (isAllowed(policy.access, { customer: visitor.customer, staffRole: visitor.staffRole })) return 'allow';
  const staffOnly = policy.access === 'owner' || policy.access === 'manager';
  return staffOnly && visitor.staffRole !== null ? 'forbidden' : 'login';
}
