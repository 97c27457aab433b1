import type { LocalizedText } from '#i18n/locales.ts';
import type { Currency } from '#lib/money.ts';

/** The ten colour themes of SPEC.md §4; black is the default. */
export const THEMES = [
  'black',
  'red',
  'orange',
  'yellow',
  'green',
  'light-green',
  'light-blue',
  'blue',
  'purple',
  'pink',
] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'black';

export function toTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

export interface DomainVerification {
  platform: number;
  code: string;
}

/** Platform 1 is the social network's domain verification (SPEC.md §3). */
export const FACEBOOK_PLATFORM = 1;

/** Everything a request needs to know about the organisation it is for. */
export interface Tenant {
  id: string;
  slug: string;
  kind: 'clinic' | 'donation';
  name: string;
  tagline: LocalizedText;
  registrationNo: string;
  address: string;
  phone: string;
  email: string;
  logoPath: string;
  heroPath: string;
  /** The canonical production hostname, e.g. kliniksihat.my. */
  primaryHost: string;
  currency: Currency;
  theme: Theme;
  timeZone: string;
  defaultLocale: string;
  pixels: { facebook: string | null; tiktok: string | null };
  analyticsSiteId: string | null;
  offers: { appointments: boolean; donations: boolean; loyalty: boolean; reviews: boolean; queue?: boolean };
  verifications: DomainVerification[];
}

/**
 * The image to share a page with (og:image, twitter:image). Social networks do not render SVG,
 * so an SVG (the demo heroes are drawn as SVG) is shared as the PNG rendered beside it by
 * scripts/render-social-images.mjs, 1200×630.
 */
export function socialImagePath(path: string): string {
  return path.replace(/\.svg$/i, '.png');
}

/** `Klinik.LocalHost:4321.` → `klinik.localhost` */
export function normalizeHostname(host: string | null | undefined): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) name = name.slice(0, name.indexOf(']') + 1);
  else name = name.replace(/:\d+$/, '');
  return name.replace(/\.$/, '');
}

/** The port of a Host header value, or null. */
export function hostPort(host: string): number | null {
  const match = /:(\d+)$/.exec(host.trim());
  return match?.[1] ? Number(match[1]) : null;
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * SPEC.md §7: a local development host (on port 3000, or our own 4321) asks for the default
 * tenant's production domain; any other host stands for itself.
 */
export function isLocalDevelopmentHost(domain: string): boolean {
  const port = hostPort(domain);
  return LOCAL_HOSTNAMES.has(normalizeHostname(domain)) && (port === 3000 || port === 4321);
}
