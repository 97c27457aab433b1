import type { Locale } from './locales';
import en from './messages/en.json';
import id from './messages/id.json';
import ms from './messages/ms.json';
import { pluralCategory, pluralKey, pluralVariants } from './plural';

export { pluralCategory };

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
/**
 * The strings an island gets for the keys it lists (`export const X_MESSAGE_KEYS = [...] as const`):
 * the page passes `pick(locale, X_MESSAGE_KEYS)`, the island types its prop `MessagesOf<typeof X_MESSAGE_KEYS>`.
 */
export type MessagesOf<Keys extends readonly MessageKey[]> = Record<Keys[number], string>;

const catalogues: Record<Locale, Partial<Messages>> = { en, ms, id };

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The translator for one locale; a key missing in ms/id falls back to English.
 *
 * Plurals (`plural.ts`): when the params have a numeric `count`, the variant `<key>.<category>` is
 * used if the catalogue has it (`auth.wrongCode.one` for 1 in English), else `<key>` itself, which
 * holds the "other" form. So "1 try left" but "2 tries left", without plural logic at the call
 * site. A message counting something under another name ("{points} points") still gets `count`.
 */
export function translator(locale: Locale): Translate {
  const messages = catalogues[locale];
  const lookup = (key: string): string | undefined =>
    (messages as Record<string, string>)[key] ?? (en as Record<string, string>)[key];
  const has = (key: string): boolean => lookup(key) !== undefined;
  return (key, params) => {
    const count = params?.count;
    const chosen = typeof count === 'number' ? pluralKey(locale, key, count, has) : key;
    return interpolate(lookup(chosen) ?? key, params);
  };
}

/**
 * The subset of messages an island needs, so the browser gets only those strings; with the plural
 * variants of those keys the locale can select (`auth.wrongCode.one` in English), which
 * `countMessage` (`plural.ts`) chooses from.
 */
export function pick<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const t = translator(locale);
  const messages = catalogues[locale] as Record<string, string>;
  const picked: Record<string, string> = {};
  for (const key of keys) {
    picked[key] = t(key);
    for (const category of pluralVariants(locale)) {
      const variant = messages[`${key}.${category}`];
      if (variant !== undefined) picked[`${key}.${category}`] = variant;
    }
  }
  return picked as Record<K, string>;
}
