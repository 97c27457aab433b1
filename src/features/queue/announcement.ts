import WORDS from './announcement-words.json';
import type { PointKind } from './board-state';

/**
 * The spoken call ("Nombor A012, sila ke bilik 2"), as words for the browser's speech and as
 * clip names for the recorded fallback (public/queue-audio/<lang>/<token>.ogg, made once by
 * scripts/make-queue-audio.mjs from announcement-words.json). Numbers only, never names.
 */

export type SpeechLanguage = keyof typeof WORDS;
export const SPEECH_LANGUAGES = Object.keys(WORDS) as SpeechLanguage[];

/** BCP 47 tags a browser voice may carry for each language. */
export const VOICE_LANGS: Record<SpeechLanguage, string[]> = {
  en: ['en'],
  ms: ['ms'],
  id: ['id', 'in'],
};

export interface CallToSpeak {
  number: string;
  kind: PointKind;
  pointNumber: number | null;
}

/** Clip tokens in order: `number`, letters `a`–`z`, digits `0`–`9`, `go-to`, the point's kind. */
export function announcementTokens(call: CallToSpeak): string[] {
  const tokens = ['number'];
  for (const char of call.number.toLowerCase()) if (/[a-z0-9]/.test(char)) tokens.push(char);
  tokens.push('go-to', call.kind);
  if (call.pointNumber !== null) for (const char of String(call.pointNumber)) tokens.push(char);
  return tokens;
}

/** Every clip a language needs (the script makes these). */
export function allClipTokens(): string[] {
  return [
    'number',
    'go-to',
    'counter',
    'room',
    'pharmacy',
    'cashier',
    ...'abcdefghijklmnopqrstuvwxyz',
    ...'0123456789',
  ];
}

/** The sentence for speech synthesis: letters as letters, digits one by one as words. */
export function announcementText(call: CallToSpeak, language: SpeechLanguage): string {
  const words = WORDS[language];
  const say = (token: string) =>
    /^[0-9]$/.test(token)
      ? (words.digits[Number(token)] ?? token)
      : /^[a-z]$/.test(token)
        ? token.toUpperCase()
        : token;
  const tokens = announcementTokens(call);
  const goTo = tokens.indexOf('go-to');
  const number = tokens.slice(1, goTo).map(say).join(' ');
  const point = tokens
    .slice(goTo + 2)
    .map(say)
    .join(' ');
  const place = words[call.kind];
  return `${words.number} ${number}, ${words['go-to']} ${place}${point ? ` ${point}` : ''}.`;
}

/** The board's languages to speak: the board's own first, then `?speak=` ones, known only. */
export function speechLanguages(boardLocale: string, extra: string | null): SpeechLanguage[] {
  const wanted = [boardLocale, ...(extra ?? '').split(',').map((s) => s.trim())];
  return [...new Set(wanted)]
    .filter((l): l is SpeechLanguage => (SPEECH_LANGUAGES as string[]).includes(l))
    .slice(0, 3);
}
