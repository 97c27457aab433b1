import { describe, expect, it } from 'vitest';
import {
  checkNewTenant,
  hostNameProblem,
  isTimeZone,
  type NewTenantInput,
  normalizeNewHost,
  originFor,
  slugFromName,
  slugProblem,
} from './onboarding-rules';

const good: NewTenantInput = {
  name: 'Klinik Example',
  kind: 'clinic',
  hosts: ['klinik.example.my'],
  currency: 'MYR',
  language: 'ms',
  timeZone: 'Asia/Kuala_Lumpur',
  owner: 'Owner@Example.my',
};

describe('host names', () => {
  it('accepts DNS names of two labels or more, as stored', () => {
    for (const host of ['klinik.example.my', 'klinik.localhost', 'a-b.c1.org', 'xn--bcher-kva.example']) {
      expect(hostNameProblem(host), host).toBeNull();
    }
    expect(normalizeNewHost('  Klinik.Example.MY. ')).toBe('klinik.example.my');
  });

  it('refuses what is not a host name', () => {
    for (const host of [
      'localhost',
      'https://klinik.example.my',
      'klinik.example.my:8080',
      'klinik.example.my/path',
      '*.example.my',
      '-bad.example.my',
      'bad-.example.my',
      'two..dots.my',
      'under_score.example.my',
      'klinik example.my',
      '127.0.0.1',
      `${'a'.repeat(64)}.example.my`,
    ]) {
      expect(hostNameProblem(host), host).toBe('tenant.error.hostInvalid');
    }
    expect(hostNameProblem('')).toBe('tenant.error.hostRequired');
    expect(hostNameProblem(`${'abc.'.repeat(64)}my`)).toBe('tenant.error.hostTooLong');
  });
});

describe('slugs', () => {
  it('come from the name, without accents or punctuation', () => {
    expect(slugFromName('Klinik Ésperança Sdn. Bhd.')).toBe('klinik-esperanca-sdn-bhd');
    expect(slugFromName('  --Yayasan  Peduli--  ')).toBe('yayasan-peduli');
    expect(slugFromName('诊所')).toBe('');
    expect(slugFromName('x'.repeat(60))).toHaveLength(40);
  });

  it('are lower-case letters, digits and inner hyphens, at most 40', () => {
    expect(slugProblem('klinik-example')).toBeNull();
    expect(slugProblem('')).toBe('tenant.error.slugRequired');
    expect(slugProblem('-klinik')).toBe('tenant.error.slugInvalid');
    expect(slugProblem('Klinik')).toBe('tenant.error.slugInvalid');
    expect(slugProblem('k'.repeat(41))).toBe('tenant.error.slugInvalid');
  });
});

describe('time zones', () => {
  it('are IANA names the runtime knows', () => {
    expect(isTimeZone('Asia/Kuala_Lumpur')).toBe(true);
    expect(isTimeZone('Asia/Jakarta')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Atlantis')).toBe(false);
    expect(isTimeZone('+08:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('a new organisation', () => {
  it('is checked and normalised: foundation is the schema’s donation kind, the currency its units', () => {
    const checked = checkNewTenant({ ...good, kind: 'foundation', currency: 'idr', hosts: ['Peduli.Example.id.'] });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Klinik Example',
        slug: 'klinik-example',
        kind: 'donation',
        hosts: ['peduli.example.id'],
        currency: { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 },
        language: 'ms',
        timeZone: 'Asia/Kuala_Lumpur',
        ownerEmail: 'owner@example.my',
        ownerName: 'owner',
      },
    });
    const myr = checkNewTenant(good);
    expect(myr.ok && myr.value.currency).toEqual({ code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 });
    expect(myr.ok && myr.value.kind).toBe('clinic');
  });

  it('keeps a given slug and owner name', () => {
    const checked = checkNewTenant({ ...good, slug: 'kx', ownerName: 'Dr. Aina' });
    expect(checked.ok && [checked.value.slug, checked.value.ownerName]).toEqual(['kx', 'Dr. Aina']);
  });

  it('reports every problem at once, each with its field', () => {
    const checked = checkNewTenant({
      name: '',
      kind: 'hospital',
      hosts: ['http://x', 'ok.example.my', 'ok.example.my'],
      currency: 'USD',
      language: 'fr',
      timeZone: 'Mars/Olympus',
      owner: 'not-an-email',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((p) => [p.field, p.key, p.value])).toEqual([
      ['name', 'tenant.error.nameRequired', ''],
      ['kind', 'tenant.error.kindInvalid', 'hospital'],
      ['host', 'tenant.error.hostInvalid', 'http://x'],
      ['host', 'tenant.error.hostRepeated', ''],
      ['currency', 'tenant.error.currencyInvalid', 'USD'],
      ['language', 'tenant.error.languageInvalid', 'fr'],
      ['timeZone', 'tenant.error.timeZoneInvalid', 'Mars/Olympus'],
      ['owner', 'tenant.error.ownerInvalid', 'not-an-email'],
    ]);
  });

  it('needs a host and a slug it can use', () => {
    const noHost = checkNewTenant({ ...good, hosts: [] });
    expect(!noHost.ok && noHost.problems.map((p) => p.key)).toEqual(['tenant.error.hostRequired']);
    const noSlug = checkNewTenant({ ...good, name: '诊所' });
    expect(!noSlug.ok && noSlug.problems.map((p) => p.key)).toEqual(['tenant.error.slugRequired']);
  });
});

describe('the invitation origin', () => {
  it('is http on a developer’s *.localhost (with its port) and https elsewhere', () => {
    expect(originFor('klinik.localhost', 4321)).toBe('http://klinik.localhost:4321');
    expect(originFor('klinik.localhost')).toBe('http://klinik.localhost');
    expect(originFor('klinik.example.my', 4321)).toBe('https://klinik.example.my');
  });
});
