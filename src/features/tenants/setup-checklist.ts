import type { MessageKey } from '#i18n/t.ts';
import type { Tenant } from './tenant';

/** What a tenant has set up so far, counted in the database (tenant-repo `setupCountsOf`). */
export interface SetupCounts {
  services: number;
  practitioners: number;
  practitionersWithHours: number;
  liveCampaigns: number;
  paymentMethods: ('card' | 'fpx' | 'counter')[];
  staff: number;
}

export interface SetupItem {
  key: 'services' | 'practitioners' | 'hours' | 'campaigns' | 'paymentMethods' | 'team' | 'contact';
  done: boolean;
  label: MessageKey;
  params?: Record<string, string | number>;
  /** The staff screen where it is set up, when there is one. */
  href?: string;
}

export interface SetupChecklist {
  /** Visitors have something to use: a bookable service with hours, or a live campaign. */
  readyForVisitors: boolean;
  items: SetupItem[];
}

const METHOD_LABELS: Record<SetupCounts['paymentMethods'][number], MessageKey> = {
  card: 'staff.setup.method.card',
  fpx: 'staff.setup.method.fpx',
  counter: 'staff.setup.method.counter',
};

/**
 * The checklist a new organisation's staff see: clinics need services, practitioners and their
 * hours; foundations a live campaign; both a way to be paid, a team and a way to be reached.
 */
export function setupChecklist(
  tenant: Pick<Tenant, 'kind' | 'address' | 'phone'>,
  counts: SetupCounts,
  translate: (key: MessageKey) => string,
): SetupChecklist {
  const clinic = tenant.kind === 'clinic';
  const methods = counts.paymentMethods.map((m) => translate(METHOD_LABELS[m])).join(', ');
  const items: SetupItem[] = [
    ...(clinic
      ? ([
          {
            key: 'services',
            done: counts.services > 0,
            label: 'staff.setup.services',
            params: { count: counts.services },
            href: '/staff/catalogue',
          },
          {
            key: 'practitioners',
            done: counts.practitioners > 0,
            label: 'staff.setup.practitioners',
            params: { count: counts.practitioners },
            href: '/staff/catalogue',
          },
          {
            key: 'hours',
            done: counts.practitionersWithHours > 0,
            label: 'staff.setup.hours',
            params: { count: counts.practitionersWithHours },
            href: '/staff/catalogue',
          },
        ] satisfies SetupItem[])
      : ([
          {
            key: 'campaigns',
            done: counts.liveCampaigns > 0,
            label: 'staff.setup.campaigns',
            params: { count: counts.liveCampaigns },
            href: '/staff/donations',
          },
        ] satisfies SetupItem[])),
    counts.paymentMethods.length > 0
      ? { key: 'paymentMethods', done: true, label: 'staff.setup.paymentMethods', params: { methods } }
      : { key: 'paymentMethods', done: false, label: 'staff.setup.noPaymentMethods' },
    {
      key: 'team',
      done: counts.staff > 1,
      label: 'staff.setup.team',
      params: { count: counts.staff },
      href: '/staff/team',
    },
    { key: 'contact', done: Boolean(tenant.address && tenant.phone), label: 'staff.setup.contact' },
  ];
  const readyForVisitors = clinic ? counts.services > 0 && counts.practitionersWithHours > 0 : counts.liveCampaigns > 0;
  return { readyForVisitors, items };
}
