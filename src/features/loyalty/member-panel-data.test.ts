import { describe, expect, it } from 'vitest';
import { isMemberPanelData } from './member-panel-data';

describe('member panel answer', () => {
  const good = {
    member: true,
    loggedIn: true,
    name: 'Aisyah',
    balance: '50 points',
    tier: '',
    progress: '',
    expiring: ['10 points on 1 Dec 2026'],
    history: [{ id: 'e1', when: '24 Nov 2026', reason: 'Welcome bonus', source: '', points: '+50', expires: '' }],
    next: 'e1',
  };
  it('accepts the endpoint’s shape and refuses anything else', () => {
    expect(isMemberPanelData(good)).toBe(true);
    expect(isMemberPanelData({ ...good, member: 'yes' })).toBe(false);
    expect(isMemberPanelData({ ...good, history: [{ id: 1 }] })).toBe(false);
    expect(isMemberPanelData({ ...good, next: undefined })).toBe(false);
    expect(isMemberPanelData(null)).toBe(false);
  });
});
