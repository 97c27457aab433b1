import type { Locale } from './locales';
import en from './messages/en.json';
import id from './messages/id.json';
import ms from './messages/ms.json';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const catalogues: Record<Locale, Partial<Messages>> = { en, ms, id };

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The CLDR plural category of `count` in `locale` ("one", "other"; Malay and Indonesian: always "other"). */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The translator for one locale; a key missing in ms/id falls back to English.
 *
 * Plurals: when the params have a numeric `count`, the variant `<key>.<category>` is used if the
 * catalogue has it (`auth.wrongCode.one` for 1 in English), else `<key>` itself, which holds the
 * "other" form. So "1 try left" but "2 tries left", without plural logic at the call site.
 */
export function translator(locale: Locale): Translate {
  const messages = catalogues[locale];
  const lookup = (key: string): string | undefined =>
    (messages as Record<string, string>)[key] ?? (en as Record<string, string>)[key];
  return (key, params) => {
    const count = params?.count;
    const variant =
      typeof count === 'number' && Number.isFinite(count)
        ? lookup(`${key}.${pluralCategory(locale, count)}`)
        : undefined;
    return interpolate(variant ?? lookup(key) ?? key, params);
  };
}

/** The subset of messages an island needs, so the browser gets only those strings. */
export function pick<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const t = translator(locale);
  return Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<K, string>;
}
