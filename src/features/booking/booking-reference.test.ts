import { describe, expect, it } from 'vitest';
import { newBookingReference, normaliseReference, REFERENCE_ALPHABET, REFERENCE_LENGTH } from './booking-reference';

describe('booking reference', () => {
  it('is 7 characters without look-alikes', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    for (let i = 0; i < 200; i++) {
      const reference = newBookingReference();
      expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
      expect(reference).toHaveLength(REFERENCE_LENGTH);
    }
  });

  it('skips bytes that would bias the alphabet', () => {
    const bytes = [255, 248, 0, 30, 31, 247, 62, 100, 200, 1];
    let call = 0;
    const source = (n: number) => Uint8Array.from({ length: n }, () => bytes[call++ % bytes.length] ?? 0);
    // 255 and 248 are skipped; 0 → '2', 30 → 'Z', 31 → '2', 247 → 247 % 31 = 30 → 'Z', 62 → '2' …
    expect(newBookingReference(source).slice(0, 5)).toBe('2Z2Z2');
  });

  it('reads what a person typed or said', () => {
    expect(normaliseReference(' k7m-2qx9 ')).toBe('K7M2QX9');
    expect(normaliseReference('K7M 2QX9')).toBe('K7M2QX9');
    expect(normaliseReference('K7M2QX')).toBeNull(); // too short
    expect(normaliseReference('K7M2QX9A')).toBeNull(); // too long
    expect(normaliseReference('K7M2QX0')).toBeNull(); // 0 is not in the alphabet
    expect(normaliseReference("K7M'--")).toBeNull();
    expect(normaliseReference('')).toBeNull();
  });
});
