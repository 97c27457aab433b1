import { describe, expect, it } from 'vitest';
import { tidyStateName } from '#db/seed/postcodes.ts';
import { isLocalDevelopmentHost, normalizeHostname, THEMES, toTheme } from './tenant';

describe('hosts', () => {
  it('normalises Host headers', () => {
    expect(normalizeHostname('Klinik.LocalHost:4321')).toBe('klinik.localhost');
    expect(normalizeHostname('example.my.')).toBe('example.my');
    expect(normalizeHostname('[::1]:4321')).toBe('[::1]');
    expect(normalizeHostname(null)).toBe('');
  });
  it('treats localhost on 3000 or 4321 as the local development host', () => {
    expect(isLocalDevelopmentHost('localhost:3000')).toBe(true);
    expect(isLocalDevelopmentHost('127.0.0.1:4321')).toBe(true);
    expect(isLocalDevelopmentHost('localhost:8080')).toBe(false);
    expect(isLocalDevelopmentHost('klinik.localhost:3000')).toBe(false);
  });
});

describe('themes', () => {
  it('has the ten themes of SPEC.md §4, black by default', () => {
    expect(THEMES).toHaveLength(10);
    expect(toTheme('purple')).toBe('purple');
    expect(toTheme('neon')).toBe('black');
    expect(toTheme(null)).toBe('black');
  });
});

describe('postcode seed', () => {
  it('tidies federal territory names', () => {
    expect(tidyStateName('Wp Kuala Lumpur')).toBe('W.P. Kuala Lumpur');
    expect(tidyStateName('Selangor')).toBe('Selangor');
  });
});
