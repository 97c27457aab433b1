import { describe, expect, it } from 'vitest';
import en from '#i18n/messages/en.json';
import { translator } from '#i18n/t.ts';

// Issue 23: "1 points" nowhere in loyalty. Every loyalty message that counts (points, months, a
// {count}) has its English singular, chosen by the plural rules t() applies to `count`.
describe('loyalty messages that count', () => {
  const catalogue = en as Record<string, string>;
  const counting = Object.keys(catalogue).filter(
    (key) =>
      key.startsWith('loyalty.') &&
      !/\.(zero|one|two|few|many)$/.test(key) &&
      /\{count\}|\{points\} (more )?points|\{months\} months/.test(catalogue[key] ?? ''),
  );

  it('each has a singular form', () => {
    expect(counting.length).toBeGreaterThan(10);
    for (const key of counting) expect(Object.keys(catalogue), key).toContain(`${key}.one`);
  });

  it('reads naturally for one', () => {
    const t = translator('en');
    expect(t('loyalty.member.toNext', { points: '1', count: 1, tier: 'Gold' })).toBe('1 more point to reach Gold');
    expect(t('loyalty.rewards.needMore', { points: 1, count: 1 })).toBe('1 more point needed');
    expect(t('loyalty.message.expiring', { points: 1, count: 1, programme: 'Sihat Points', date: '28 Nov 2026' })).toBe(
      '1 point in Sihat Points expires on 28 Nov 2026. Use it before then.',
    );
    expect(t('loyalty.staff.found', { count: 2 })).toBe('2 members found');
  });
});
