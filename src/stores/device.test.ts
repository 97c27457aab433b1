// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./device');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device id', () => {
  beforeEach(() => localStorage.clear());

  it('is empty until created, then a random UUID kept in localStorage', async () => {
    const device = await load();
    expect(device.$deviceId.get()).toBe('');
    const id = device.ensureDeviceId();
    expect(id).toMatch(UUID);
    expect(localStorage.getItem('device_id')).toBe(id);
    expect(device.ensureDeviceId()).toBe(id);
  });

  it('is created once: a later page load reads the same id', async () => {
    const first = (await load()).ensureDeviceId();
    const again = await load();
    expect(again.$deviceId.get()).toBe(first);
    expect(again.ensureDeviceId()).toBe(first);
  });

  it('differs between browsers (random, not derived from the device)', async () => {
    const a = (await load()).ensureDeviceId();
    localStorage.clear();
    const b = (await load()).ensureDeviceId();
    expect(a).not.toBe(b);
  });

  it('replaces a tampered stored id', async () => {
    localStorage.setItem('device_id', '<script>');
    const device = await load();
    expect(device.$deviceId.get()).toBe('');
    expect(device.ensureDeviceId()).toMatch(UUID);
  });

  it('makes a v4 UUID without crypto.randomUUID too', async () => {
    const device = await load();
    // crypto.randomUUID is missing outside secure contexts (plain http on a LAN address).
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      expect(device.randomId()).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
