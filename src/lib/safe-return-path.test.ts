import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/invoices?page=2#top')).toBe('/invoices?page=2#top');
    expect(safeReturnPath('/ms/account')).toBe('/ms/account');
  });
  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\tevil',
    '',
    null,
    undefined,
  ])('refuses %s', (candidate) => {
    expect(safeReturnPath(candidate)).toBe('/');
  });
  it('uses the given fallback', () => {
    expect(safeReturnPath('https://evil.example', '/account')).toBe('/account');
  });
});
