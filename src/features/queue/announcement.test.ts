import { describe, expect, it } from 'vitest';
import { allClipTokens, announcementText, announcementTokens, speechLanguages } from './announcement';

describe('the spoken call', () => {
  const call = { number: 'A012', kind: 'room' as const, pointNumber: 2 };
  it('speaks the number digit by digit and the place, in each language', () => {
    expect(announcementText(call, 'ms')).toBe('Nombor A kosong satu dua, sila ke bilik dua.');
    expect(announcementText(call, 'id')).toBe('Nomor A nol satu dua, silakan ke ruang dua.');
    expect(announcementText(call, 'en')).toBe('Number A zero one two, please go to room two.');
    expect(announcementText({ number: 'P014', kind: 'pharmacy', pointNumber: null }, 'en')).toBe(
      'Number P zero one four, please go to the pharmacy.',
    );
  });
  it('joins recorded clips in the same order, every one of them made by the script', () => {
    const tokens = announcementTokens(call);
    expect(tokens).toEqual(['number', 'a', '0', '1', '2', 'go-to', 'room', '2']);
    for (const token of tokens) expect(allClipTokens()).toContain(token);
  });
  it('speaks the board language first and only known ones', () => {
    expect(speechLanguages('id', 'ms,xx,id')).toEqual(['id', 'ms']);
    expect(speechLanguages('en', null)).toEqual(['en']);
  });
});
