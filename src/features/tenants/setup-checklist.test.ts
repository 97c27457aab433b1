import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/t.ts';
import { type SetupCounts, setupChecklist } from './setup-checklist';

const empty: SetupCounts = {
  services: 0,
  practitioners: 0,
  practitionersWithHours: 0,
  liveCampaigns: 0,
  paymentMethods: [],
  staff: 1,
};
const t = translator('ms');
const noContact = { address: '', phone: '' };

describe('the setup checklist', () => {
  it('opens a clinic to visitors once a service and a practitioner with hours are there', () => {
    const clinic = { kind: 'clinic' as const, ...noContact };
    expect(setupChecklist(clinic, empty, t).readyForVisitors).toBe(false);
    expect(setupChecklist(clinic, { ...empty, services: 2, practitioners: 1 }, t).readyForVisitors).toBe(false);
    const ready = setupChecklist(clinic, { ...empty, services: 2, practitioners: 1, practitionersWithHours: 1 }, t);
    expect(ready.readyForVisitors).toBe(true);
    expect(ready.items.map((i) => i.key)).toEqual([
      'services',
      'practitioners',
      'hours',
      'paymentMethods',
      'team',
      'contact',
    ]);
    // Services, practitioners and hours are kept at the catalogue screens.
    expect(ready.items.slice(0, 3).map((i) => i.href)).toEqual([
      '/staff/catalogue',
      '/staff/catalogue',
      '/staff/catalogue',
    ]);
  });

  it('opens a foundation once a campaign is live, and links the screens that exist', () => {
    const foundation = { kind: 'donation' as const, address: 'Jalan 1', phone: '+60 3-1234 5678' };
    const waiting = setupChecklist(foundation, empty, t);
    expect(waiting.readyForVisitors).toBe(false);
    expect(waiting.items.map((i) => [i.key, i.done, i.href ?? null])).toEqual([
      ['campaigns', false, '/staff/donations'],
      ['paymentMethods', false, null],
      ['team', false, '/staff/team'],
      ['contact', true, null],
    ]);
    const live = setupChecklist(
      foundation,
      { ...empty, liveCampaigns: 1, paymentMethods: ['counter', 'fpx'], staff: 3 },
      t,
    );
    expect(live.readyForVisitors).toBe(true);
    expect(live.items.find((i) => i.key === 'paymentMethods')?.params).toEqual({
      methods: 'di kaunter, perbankan dalam talian',
    });
    expect(live.items.find((i) => i.key === 'team')?.done).toBe(true);
  });
});
