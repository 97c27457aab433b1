import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';

// SPEC.md §3 describes a device identifier derived from the browser fingerprint. We keep a random
// id in localStorage instead (DESIGN.md §7): fingerprinting is personal data under Malaysia's
// PDPA and Indonesia's PDP law, and a random id serves the same purpose (recognising a returning
// browser) without it. Clearing site data gives the visitor a new id.

export const DEVICE_ID_KEY = 'device_id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A stored value that is not a UUID (tampered, or from an older scheme) reads as no id.
const deviceId = persistentAtom<string>(DEVICE_ID_KEY, '', {
  encode: (value) => value || undefined,
  decode: (raw) => (UUID.test(raw) ? raw.toLowerCase() : ''),
});

/** The device id, '' until `ensureDeviceId()` has run in the browser. */
export const $deviceId: ReadableAtom<string> = deviceId;

/** A random v4 UUID; crypto.randomUUID needs a secure context, so fall back to getRandomValues. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The device id, created on first use and kept from then on. Call it in the browser only (after
 * mount, or in a client script): on the server there is no device.
 */
export function ensureDeviceId(): string {
  const current = deviceId.get() || unstoredId;
  if (current) return current;
  const created = randomId();
  try {
    deviceId.set(created);
  } catch {
    // Storage is full or blocked: the id lives as long as this page.
    unstoredId = created;
  }
  return created;
}

let unstoredId = '';
