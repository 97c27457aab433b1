// An amount of ringgit in words, as Malaysian receipts and cheques write it (issue 23 #7):
//   ms: 5000 → "Ringgit Malaysia Lima Puluh Sahaja"; 5025 → "… Lima Puluh Dan Sen Dua Puluh Lima Sahaja"
//   en: 5000 → "Ringgit Malaysia Fifty Only";        5025 → "… Fifty And Cents Twenty-Five Only"
// Pure: the amount is integer minor units (sen), as everywhere in the app.

export type WordsLocale = 'ms' | 'en';

const MS_UNITS = ['', 'Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam', 'Tujuh', 'Lapan', 'Sembilan'];
const EN_UNITS = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];
const EN_TEENS = [
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–999 in Malay: "Seratus Dua Puluh Tiga", "Sebelas", "Dua Belas". */
function malayHundreds(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('Seratus');
  else if (hundreds > 1) words.push(MS_UNITS[hundreds] ?? '', 'Ratus');
  if (rest === 10) words.push('Sepuluh');
  else if (rest === 11) words.push('Sebelas');
  else if (rest > 11 && rest < 20) words.push(MS_UNITS[rest - 10] ?? '', 'Belas');
  else {
    const tens = Math.floor(rest / 10);
    if (tens > 1) words.push(MS_UNITS[tens] ?? '', 'Puluh');
    if (rest % 10) words.push(MS_UNITS[rest % 10] ?? '');
  }
  return words;
}

/** 1–999 in English: "One Hundred Twenty-Three". */
function englishHundreds(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(EN_UNITS[hundreds] ?? '', 'Hundred');
  if (rest >= 10 && rest < 20) words.push(EN_TEENS[rest - 10] ?? '');
  else if (rest >= 20) {
    const unit = rest % 10;
    const tens = EN_TENS[Math.floor(rest / 10)] ?? '';
    words.push(unit ? `${tens}-${EN_UNITS[unit]}` : tens);
  } else if (rest) words.push(EN_UNITS[rest] ?? '');
  return words;
}

const SCALES: Record<WordsLocale, string[]> = {
  ms: ['', 'Ribu', 'Juta', 'Bilion', 'Trilion'],
  en: ['', 'Thousand', 'Million', 'Billion', 'Trillion'],
};

/** A whole number in words ("Zero"/"Kosong" for 0). */
export function numberInWords(value: number, locale: WordsLocale): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('numberInWords: a whole number ≥ 0');
  if (value === 0) return locale === 'ms' ? 'Kosong' : 'Zero';
  const groups: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] ?? 0;
    if (!group) continue;
    const scale = SCALES[locale][i];
    if (scale === undefined) throw new RangeError('numberInWords: too large');
    // Malay says "Seribu" for one thousand, "Dua Ribu" for two.
    if (locale === 'ms' && group === 1 && i === 1) words.push('Seribu');
    else {
      words.push(...(locale === 'ms' ? malayHundreds(group) : englishHundreds(group)));
      if (scale) words.push(scale);
    }
  }
  return words.filter(Boolean).join(' ');
}

/** Ringgit and sen in words, for a receipt: "Ringgit Malaysia Lima Puluh Sahaja". */
export function ringgitInWords(minor: number, locale: WordsLocale): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('ringgitInWords: integer sen ≥ 0');
  const ringgit = Math.floor(minor / 100);
  const sen = minor % 100;
  const parts = ['Ringgit Malaysia', numberInWords(ringgit, locale)];
  if (sen) parts.push(locale === 'ms' ? 'Dan Sen' : 'And Cents', numberInWords(sen, locale));
  parts.push(locale === 'ms' ? 'Sahaja' : 'Only');
  return parts.join(' ');
}
