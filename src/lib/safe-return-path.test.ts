import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

/** What a browser does with a Location header: the host it would go to. */
function hostAfterRedirect(location: string): string {
  return new URL(location, 'https://klinik.example/login').host;
}

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/invoices?page=2#top')).toBe('/invoices?page=2#top');
    expect(safeReturnPath('/ms/account')).toBe('/ms/account');
    expect(safeReturnPath('/staff/../account')).toBe('/account');
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

  // Dot-segments resolve only inside the URL parser: the raw string looks like a path, the
  // normalised one would be "//evil.example" (another host) without the final check.
  it.each([
    '/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    '/a/../..//evil.example',
    '/..///evil.example',
    '/../..//evil.example/x?y#z',
    '/..//evil.example/%2F..',
    '/..%2f/evil.example',
    '/..%5c/evil.example',
    '/..\\/evil.example',
    '/.\\/evil.example',
    '/..//\\evil.example',
    '/..\t//evil.example',
    '/..//\tevil.example',
    '/\t/evil.example',
    '/..%09//evil.example',
    '/..//evil.example%00',
    '/..%0a//evil.example',
  ])('never leaves the site for %s', (candidate) => {
    const result = safeReturnPath(candidate);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(result.startsWith('/\\')).toBe(false);
    expect(hostAfterRedirect(result)).toBe('klinik.example');
  });

  it('collapses the leading slashes of a normalised path to one', () => {
    expect(safeReturnPath('/..//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/.//evil.example')).toBe('/evil.example');
    expect(safeReturnPath('/%2e%2e//evil.example/x?y#z')).toBe('/evil.example/x?y#z');
  });

  it('uses the given fallback', () => {
    expect(safeReturnPath('https://evil.example', '/account')).toBe('/account');
    expect(safeReturnPath('/..\\/evil.example', '/account')).toBe('/account');
  });
});
