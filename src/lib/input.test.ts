import { describe, expect, it } from 'vitest';
import { containsNul, parseUuid, textHoldsNul } from './input';

describe('parseUuid', () => {
  it('accepts a uuid (lower-cased) and nothing else', () => {
    expect(parseUuid('0B9E2D1A-5C4F-4E7A-9D3B-2A1C0E9F8B7D')).toBe('0b9e2d1a-5c4f-4e7a-9d3b-2a1c0e9f8b7d');
    for (const bad of [
      '',
      'abc',
      '0b9e2d1a-5c4f-4e7a-9d3b-2a1c0e9f8b7',
      '0b9e2d1a-5c4f-4e7a-9d3b-2a1c0e9f8b7d\u0000',
      12,
      null,
    ]) {
      expect(parseUuid(bad)).toBeNull();
    }
  });
});

describe('containsNul', () => {
  it('finds NUL in strings, keys, arrays and nested objects', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['ok', 1, null, true], b: { c: 'fine' } })).toBe(false);
  });
});

describe('textHoldsNul', () => {
  it('finds a literal NUL and a JSON \\u0000 escape, not an escaped backslash', () => {
    expect(textHoldsNul('{"id":"a\u0000"}')).toBe(true);
    expect(textHoldsNul('{"id":"a\\u0000"}')).toBe(true);
    expect(textHoldsNul('{"id":"a\\\\u0000"}')).toBe(false);
    expect(textHoldsNul('{"id":"a"}')).toBe(false);
  });
});
