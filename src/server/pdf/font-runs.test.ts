import { describe, expect, it } from 'vitest';
import { clusters, fontRuns } from './font-runs';

const face = (name: string, test: (char: string) => boolean) => ({
  name,
  covers: (codePoint: number) => test(String.fromCodePoint(codePoint)),
});
const latin = face('latin', (c) => /[\p{Script=Latin}\p{M}\s\p{P}\p{N}]/u.test(c));
const tamil = face('tamil', (c) => /[\p{Script=Tamil}\u200c\u200d]/u.test(c));
const han = face('han', (c) => /[\p{Script=Han}\s]/u.test(c));
const chain = [latin, tamil, han];
const show = (text: string) => fontRuns(text, chain).map((run) => `${run.face.name}:${run.text}`);

describe('fontRuns', () => {
  it('gives each script its face, keeping spaces and punctuation with the text around them', () => {
    expect(show('Nguyễn Thị Ánh 李明 Şükrü')).toEqual(['latin:Nguyễn Thị Ánh ', 'han:李明 ', 'latin:Şükrü']);
    expect(show('முருகன் (Tan)')).toEqual(['tamil:முருகன்', 'latin: (Tan)']);
  });

  it('keeps a mark with its letter and an unknown character as a question mark', () => {
    expect(clusters('e\u0302\u0303x')).toEqual(['e\u0302\u0303', 'x']);
    expect(clusters('க்\u200dஷ')).toEqual(['க்\u200dஷ']);
    expect(show('a😀b')).toEqual(['latin:a?b']);
  });
});
