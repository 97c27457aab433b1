// Plural forms, the one mechanism for every `{count}` message, on the server (translator) and in
// islands (which receive the picked strings, variants included): a message `key` holds the
// "other" form; `key.one` (and any other CLDR category the language's Intl.PluralRules selects)
// holds that form. Malay and Indonesian have no grammatical plural: their rules only say "other",
// so their catalogues need the base message alone.
import type { Locale } from './locales';

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `locale` ("one", "other"; Malay and Indonesian: always "other"). */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** The categories other than "other" that `locale` can select, i.e. the variants its catalogue needs. */
export function pluralVariants(locale: Locale): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((c) => c !== 'other');
}

/** The key of the form `count` takes: `key.<category>` when `has` it, else `key` itself. */
export function pluralKey(locale: Locale, key: string, count: number, has: (key: string) => boolean): string {
  if (!Number.isFinite(count)) return key;
  const category = pluralCategory(locale, count);
  if (category === 'other') return key;
  const variant = `${key}.${category}`;
  return has(variant) ? variant : key;
}

/**
 * For islands: the form of `key` for `count` among the strings they were given (`pick` includes
 * the variants), with `{count}` and the other placeholders filled.
 */
export function countMessage(
  messages: { readonly [key: string]: string | undefined },
  locale: Locale,
  key: string,
  params: Record<string, string | number> & { count: number },
): string {
  const text = messages[pluralKey(locale, key, params.count, (k) => messages[k] !== undefined)] ?? messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
