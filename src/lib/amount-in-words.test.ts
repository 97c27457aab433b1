import { describe, expect, it } from 'vitest';
import { numberInWords, ringgitInWords } from './amount-in-words';

describe('ringgitInWords', () => {
  it('writes whole ringgit in Malay and English', () => {
    expect(ringgitInWords(5000, 'ms')).toBe('Ringgit Malaysia Lima Puluh Sahaja');
    expect(ringgitInWords(5000, 'en')).toBe('Ringgit Malaysia Fifty Only');
  });

  it('adds the sen', () => {
    expect(ringgitInWords(3106, 'ms')).toBe('Ringgit Malaysia Tiga Puluh Satu Dan Sen Enam Sahaja');
    expect(ringgitInWords(3106, 'en')).toBe('Ringgit Malaysia Thirty-One And Cents Six Only');
    expect(ringgitInWords(125_075, 'ms')).toBe(
      'Ringgit Malaysia Seribu Dua Ratus Lima Puluh Dan Sen Tujuh Puluh Lima Sahaja',
    );
    expect(ringgitInWords(125_075, 'en')).toBe(
      'Ringgit Malaysia One Thousand Two Hundred Fifty And Cents Seventy-Five Only',
    );
    expect(ringgitInWords(50, 'ms')).toBe('Ringgit Malaysia Kosong Dan Sen Lima Puluh Sahaja');
  });

  it('refuses what is not integer sen', () => {
    expect(() => ringgitInWords(10.5, 'ms')).toThrow(RangeError);
    expect(() => ringgitInWords(-1, 'en')).toThrow(RangeError);
  });
});

describe('numberInWords', () => {
  it.each([
    [10, 'Sepuluh', 'Ten'],
    [11, 'Sebelas', 'Eleven'],
    [12, 'Dua Belas', 'Twelve'],
    [19, 'Sembilan Belas', 'Nineteen'],
    [100, 'Seratus', 'One Hundred'],
    [110, 'Seratus Sepuluh', 'One Hundred Ten'],
    [999, 'Sembilan Ratus Sembilan Puluh Sembilan', 'Nine Hundred Ninety-Nine'],
    [1000, 'Seribu', 'One Thousand'],
    [2015, 'Dua Ribu Lima Belas', 'Two Thousand Fifteen'],
    [11_000, 'Sebelas Ribu', 'Eleven Thousand'],
    [101_001, 'Seratus Satu Ribu Satu', 'One Hundred One Thousand One'],
    [1_000_000, 'Satu Juta', 'One Million'],
    [3_400_000_000, 'Tiga Bilion Empat Ratus Juta', 'Three Billion Four Hundred Million'],
  ])('%i', (value, ms, en) => {
    expect(numberInWords(value, 'ms')).toBe(ms);
    expect(numberInWords(value, 'en')).toBe(en);
  });
});
