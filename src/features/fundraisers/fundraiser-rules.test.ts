import { describe, expect, it } from 'vitest';
import {
  fileProblem,
  goalPercent,
  isSlug,
  leaderboardVisible,
  MASK,
  maskContacts,
  publicTexts,
  rank,
  scoreOf,
  slugify,
  sniffType,
  teamTotals,
  uniqueSlug,
  whatsappShareUrl,
} from './fundraiser-rules';

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
const entry = (id: string, raisedMinor: number, donorCount: number, minute = 0) => ({
  id,
  raisedMinor,
  donorCount,
  createdAt: at(minute),
});

describe('ranking', () => {
  const entries = [entry('a', 10_000, 2, 0), entry('b', 5_000, 5, 1), entry('c', 3_000, 10, 2), entry('d', 0, 0, 3)];

  it('ranks by amount raised', () => {
    expect(rank(entries, 'amount').map((e) => [e.id, e.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('ranks by donors', () => {
    expect(rank(entries, 'donors').map((e) => e.id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('ranks by donors × amount', () => {
    // a: 20 000, b: 25 000, c: 30 000
    expect(rank(entries, 'score').map((e) => [e.id, e.score])).toEqual([
      ['c', 30_000],
      ['b', 25_000],
      ['a', 20_000],
      ['d', 0],
    ]);
    expect(scoreOf({ raisedMinor: 7, donorCount: 3 }, 'score')).toBe(21);
  });

  it('gives ties one rank and skips the next ("1, 2, 2, 4"), the other measure ordering within', () => {
    const tied = [entry('x', 5_000, 1, 5), entry('y', 5_000, 3, 6), entry('z', 9_000, 1, 7), entry('w', 1_000, 1, 1)];
    expect(rank(tied, 'amount').map((e) => [e.id, e.rank])).toEqual([
      ['z', 1],
      ['y', 2],
      ['x', 2],
      ['w', 4],
    ]);
    // Same amount and donors: the earlier page first.
    const same = [entry('late', 100, 1, 9), entry('early', 100, 1, 1)];
    expect(rank(same, 'donors').map((e) => [e.id, e.rank])).toEqual([
      ['early', 1],
      ['late', 1],
    ]);
  });
});

describe('leaderboard and teams', () => {
  it('shows from the campaign minimum (default 5)', () => {
    expect(leaderboardVisible(4)).toBe(false);
    expect(leaderboardVisible(5)).toBe(true);
    expect(leaderboardVisible(2, 2)).toBe(true);
    expect(leaderboardVisible(0, 0)).toBe(false);
  });

  it('sums a team from its members', () => {
    expect(teamTotals([entry('a', 100, 1), entry('b', 250, 3)])).toEqual({ raisedMinor: 350, donorCount: 4 });
    expect(teamTotals([])).toEqual({ raisedMinor: 0, donorCount: 0 });
  });

  it('caps goal progress', () => {
    expect(goalPercent(50, 200)).toBe(25);
    expect(goalPercent(500, 200)).toBe(100);
    expect(goalPercent(50, null)).toBeNull();
  });
});

describe('slugs', () => {
  it('makes readable ASCII segments', () => {
    expect(slugify('Lari 10K untuk Gaza!')).toBe('lari-10k-untuk-gaza');
    expect(slugify('  Café  Ñoño -- ')).toBe('cafe-nono');
    expect(slugify('محمد')).toBe('');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });

  it('takes the next free one, never a reserved word or an empty one', () => {
    expect(uniqueSlug('Siti Run', new Set())).toBe('siti-run');
    expect(uniqueSlug('Siti Run', new Set(['siti-run', 'siti-run-2']))).toBe('siti-run-3');
    expect(uniqueSlug('New', new Set())).toBe('fundraiser');
    expect(uniqueSlug('محمد', new Set(['fundraiser']))).toBe('fundraiser-2');
    const long = uniqueSlug('b'.repeat(80), new Set(['b'.repeat(60)]));
    expect(long).toBe(`${'b'.repeat(58)}-2`);
    expect(isSlug(long)).toBe(true);
  });

  it('recognises only slugs it would make', () => {
    expect(isSlug('siti-run-2')).toBe(true);
    expect(isSlug('Siti')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('../x')).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});

describe('files', () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
  const types = ['image/jpeg', 'image/png'];

  it('reads the real type from the bytes', () => {
    expect(sniffType(jpeg)).toBe('image/jpeg');
    expect(sniffType(png)).toBe('image/png');
    expect(sniffType(new TextEncoder().encode('<svg/>'))).toBeNull();
  });

  it('refuses a wrong, disguised, empty or too large file', () => {
    expect(fileProblem({ type: 'image/jpeg', size: 6, bytes: jpeg }, types)).toBeNull();
    expect(fileProblem({ type: 'image/png', size: 6, bytes: jpeg }, types)).toBe('fundraiser.file.badType');
    const svg = new TextEncoder().encode('<svg onload=alert(1)>');
    expect(fileProblem({ type: 'image/jpeg', size: svg.length, bytes: svg }, types)).toBe('fundraiser.file.badType');
    expect(fileProblem({ type: 'image/jpeg', size: 0, bytes: new Uint8Array() }, types)).toBe('fundraiser.file.empty');
    expect(fileProblem({ type: 'image/jpeg', size: 11, bytes: jpeg }, types, 10)).toBe('fundraiser.file.tooLarge');
  });
});

it('puts WhatsApp share text before the address', () => {
  expect(whatsappShareUrl('Help me', 'https://x.test/a')).toBe(
    'https://wa.me/?text=Help%20me%20https%3A%2F%2Fx.test%2Fa',
  );
});

describe('maskContacts (pages staff have not approved)', () => {
  it('masks links of any form, e-mail addresses and phone numbers', () => {
    const cases: [string, string][] = [
      ['claim your flood aid at https://evil.example/claim', `claim your flood aid at ${MASK}`],
      ['go to www.evil.example now', `go to ${MASK} now`],
      ['evil.example/claim?x=1', MASK],
      ['write to desk@evil.example', `write to ${MASK}`],
      ['call +60 12-345 6789 today', `call ${MASK} today`],
      ['WhatsApp 0123456789', `WhatsApp ${MASK}`],
    ];
    for (const [text, masked] of cases) expect(maskContacts(text)).toEqual({ text: masked, masked: true });
  });

  it('leaves ordinary words, amounts and years alone', () => {
    const text = 'Raised RM 2,000 for 30 families in 2024, e.g. in Kota Bharu. Target: 5000 meals!';
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });
});

describe('publicTexts (what pages, receipts and thank-you messages show of a page)', () => {
  const page = {
    title: 'URGENT: claim your flood aid at https://evil.example/claim',
    displayName: 'Official Refund Desk 012-345 6789',
    story: 'Verify your bank account at evil.example',
  };

  it('masks links and phone numbers until staff approve the page', () => {
    const shown = publicTexts({ ...page, approvedAt: null });
    expect(shown.masked).toBe(true);
    expect(shown.displayName).not.toContain('6789');
    expect(shown.title).not.toContain('evil.example');
    expect(shown.story).not.toContain('evil.example');
  });

  it('shows the page as written once approved', () => {
    expect(publicTexts({ ...page, approvedAt: new Date('2026-11-20T00:00:00Z') })).toEqual({ ...page, masked: false });
  });
});
