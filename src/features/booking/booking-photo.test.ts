import { describe, expect, it } from 'vitest';
import { detectPhotoType } from './booking-photo';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('photo types, by their bytes', () => {
  it('knows the images a phone takes', () => {
    expect(detectPhotoType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectPhotoType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(detectPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(detectPhotoType(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBe('image/heic');
    expect(detectPhotoType(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('image/heic');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectPhotoType(bytes('%PDF-1.7'))).toBeNull();
    expect(detectPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectPhotoType(bytes('GIF89a'))).toBeNull();
    expect(detectPhotoType(bytes([0, 0, 0, 24], 'ftypmp42'))).toBeNull(); // a video
    expect(detectPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(detectPhotoType(new Uint8Array())).toBeNull();
    expect(detectPhotoType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
