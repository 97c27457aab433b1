// The photo a customer may attach on the form step: what is accepted. Browser-safe (the form
// checks the size before sending; the server checks both again).

/** The largest photo accepted, in bytes: a phone camera's full-size JPEG fits. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Image types a phone produces, by what the bytes are (never by the name or the declared type). */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

const startsWith = (bytes: Uint8Array, prefix: number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of these bytes from their signature, or null when they are not one we take. */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // ISO media (HEIC/HEIF from iPhones): "ftyp" then a HEIF brand.
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  }
  return null;
}
