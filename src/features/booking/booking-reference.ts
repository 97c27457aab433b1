// The short booking reference a person can read over the phone ("K7M2QXP"): 7 characters from an
// alphabet without look-alikes (no 0/O, 1/I/L), unique per tenant (a unique index). The long
// public id stays the booking's key in URLs; this one is for people. Browser-safe.

/** 31 characters: digits 2–9 and capitals without I, L and O. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_LENGTH = 7;

/** A new random reference (31^7 ≈ 2.7 × 10^10 of them), unbiased (rejection sampling). */
export function newBookingReference(randomBytes: (n: number) => Uint8Array = cryptoBytes): string {
  let out = '';
  // 248 = 8 × 31: bytes at or above it would favour the first letters.
  while (out.length < REFERENCE_LENGTH) {
    for (const byte of randomBytes(REFERENCE_LENGTH * 2)) {
      if (byte < 248 && out.length < REFERENCE_LENGTH) out += REFERENCE_ALPHABET[byte % 31];
    }
  }
  return out;
}

function cryptoBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/**
 * A reference as a person typed or read it ("k7m-2qxp ", "K7M 2QXP"): upper-cased, spaces and
 * dashes dropped; null unless it is a well-formed reference.
 */
export function normaliseReference(input: string): string | null {
  const value = input.toUpperCase().replace(/[\s-]+/g, '');
  if (value.length !== REFERENCE_LENGTH) return null;
  for (const char of value) if (!REFERENCE_ALPHABET.includes(char)) return null;
  return value;
}
