// The rules a new organisation's details must pass (the operator's `npm run tenant` command, and
// the owner's settings screens next): pure, so they are unit-tested and shared. Each problem is a
// message key, shown in the reader's language.
import { LOCALES, type Locale } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { isEmail, normaliseEmail } from '#lib/email.ts';
import type { Currency } from '#lib/money.ts';
import { isTimeZone } from '#lib/zoned-time.ts';

export { isTimeZone };

/** What the operator calls the kinds, and the schema's names for them. */
export const TENANT_KINDS = { clinic: 'clinic', foundation: 'donation' } as const;
export type TenantKindName = keyof typeof TENANT_KINDS;

/** The currencies an organisation may keep its money in: ringgit in sen, rupiah without decimals. */
export const CURRENCIES = {
  MYR: { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 },
  IDR: { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 },
} as const satisfies Record<string, Currency>;
export type CurrencyCode = keyof typeof CURRENCIES;

export const NAME_MAX_LENGTH = 120;
export const SLUG_MAX_LENGTH = 40;
const HOST_MAX_LENGTH = 253;

/** One DNS label: letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** `Klinik.Example.MY.` → `klinik.example.my`: how a typed host name is stored. */
export function normalizeNewHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * Why `host` (normalised) cannot serve an organisation, or null: a DNS name of at least two labels
 * (`klinik.localhost`, `kliniksihat.my`), without scheme, port, path or wildcard, whose last
 * label is not a number (an IP address is not a tenant's name).
 */
export function hostNameProblem(host: string): MessageKey | null {
  if (host.length === 0) return 'tenant.error.hostRequired';
  if (host.length > HOST_MAX_LENGTH) return 'tenant.error.hostTooLong';
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return 'tenant.error.hostInvalid';
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'tenant.error.hostInvalid';
  return null;
}

/** The slug a name suggests: `Klinik Ésperança Sdn. Bhd.` → `klinik-esperanca-sdn-bhd`. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
}

export function slugProblem(slug: string): MessageKey | null {
  if (slug.length === 0) return 'tenant.error.slugRequired';
  if (slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug)) return 'tenant.error.slugInvalid';
  return null;
}

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCIES, value);
}

export function isTenantKindName(value: string): value is TenantKindName {
  return Object.hasOwn(TENANT_KINDS, value);
}

/** What the operator types to create an organisation (every value as typed). */
export interface NewTenantInput {
  name?: string | undefined;
  slug?: string | undefined;
  kind?: string | undefined;
  hosts: string[];
  currency?: string | undefined;
  language?: string | undefined;
  timeZone?: string | undefined;
  owner?: string | undefined;
  ownerName?: string | undefined;
}

/** The same, checked and normalised. */
export interface NewTenant {
  name: string;
  slug: string;
  kind: (typeof TENANT_KINDS)[TenantKindName];
  /** The first is the primary (canonical) host. */
  hosts: string[];
  currency: Currency;
  language: Locale;
  timeZone: string;
  ownerEmail: string;
  ownerName: string;
}

export interface InputProblem {
  field: 'name' | 'slug' | 'kind' | 'host' | 'currency' | 'language' | 'timeZone' | 'owner';
  key: MessageKey;
  /** The value the message names ({value}). */
  value: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: InputProblem[] };

/**
 * Every problem of the input at once (so the operator fixes them in one go), or the tenant to
 * create. The slug comes from the name unless given; the owner's name from their address.
 */
export function checkNewTenant(input: NewTenantInput): Checked<NewTenant> {
  const problems: InputProblem[] = [];
  const problem = (field: InputProblem['field'], key: MessageKey, value = '') => problems.push({ field, key, value });

  const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name) problem('name', 'tenant.error.nameRequired');
  else if (name.length > NAME_MAX_LENGTH) problem('name', 'tenant.error.nameTooLong');

  const slug = input.slug === undefined ? slugFromName(name) : input.slug.trim().toLowerCase();
  const badSlug = name || input.slug !== undefined ? slugProblem(slug) : null;
  if (badSlug) problem('slug', badSlug, slug);

  const kind = (input.kind ?? '').trim().toLowerCase();
  if (!isTenantKindName(kind)) problem('kind', 'tenant.error.kindInvalid', kind);

  const hosts = input.hosts.map(normalizeNewHost);
  if (hosts.length === 0) problem('host', 'tenant.error.hostRequired');
  for (const host of hosts) {
    const bad = hostNameProblem(host);
    if (bad) problem('host', bad, host);
  }
  if (new Set(hosts).size !== hosts.length) problem('host', 'tenant.error.hostRepeated');

  const currency = (input.currency ?? '').trim().toUpperCase();
  if (!isCurrencyCode(currency)) problem('currency', 'tenant.error.currencyInvalid', currency);

  const language = (input.language ?? '').trim().toLowerCase();
  if (!(LOCALES as readonly string[]).includes(language)) problem('language', 'tenant.error.languageInvalid', language);

  const timeZone = (input.timeZone ?? '').trim();
  if (!isTimeZone(timeZone)) problem('timeZone', 'tenant.error.timeZoneInvalid', timeZone);

  const owner = normaliseEmail(input.owner ?? '');
  if (!isEmail(owner)) problem('owner', 'tenant.error.ownerInvalid', owner);
  const ownerName = (input.ownerName ?? '').trim() || owner.split('@')[0] || '';
  if (ownerName.length > NAME_MAX_LENGTH) problem('owner', 'tenant.error.nameTooLong');

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name,
      slug,
      kind: TENANT_KINDS[kind as TenantKindName],
      hosts,
      currency: { ...CURRENCIES[currency as CurrencyCode] },
      language: language as Locale,
      timeZone,
      ownerEmail: owner,
      ownerName,
    },
  };
}

/**
 * Where the owner's invitation link points: the tenant's host, over http for a `*.localhost` name
 * (a developer's machine; `port` then, e.g. 4321) and https everywhere else (TLS at the proxy).
 */
export function originFor(host: string, port?: number): string {
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (!local) return `https://${host}`;
  return port ? `http://${host}:${port}` : `http://${host}`;
}
