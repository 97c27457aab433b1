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

/** The translator for one locale; a key missing in ms/id falls back to English. */
export function translator(locale: Locale): Translate {
  const messages = catalogues[locale];
  return (key, params) => interpolate(messages[key] ?? en[key] ?? key, params);
}

/** The subset of messages an island needs, so the browser gets only those strings. */
export function pick<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const t = translator(locale);
  return Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<K, string>;
}
