import { describe, expect, it } from 'vitest';
import { parseEnv } from './config.server';
import { devAidsOpen, isLoopbackAddress } from './dev-aids';

describe('developer aids', () => {
  const on = parseEnv({ SHOW_DEV_PAGES: '1' });

  it('answer only a client on this machine', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
      expect(devAidsOpen({ clientAddress: address }, on)).toBe(true);
    }
    for (const address of ['10.0.0.5', '192.168.1.10', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1', '', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
      expect(devAidsOpen({ clientAddress: address }, on)).toBe(false);
    }
  });

  it('stay off unless SHOW_DEV_PAGES=1, and in production on PostgreSQL whatever it says', () => {
    expect(devAidsOpen({ clientAddress: '127.0.0.1' }, parseEnv({}))).toBe(false);
    const production = parseEnv({
      SHOW_DEV_PAGES: '1',
      DATABASE_URL: 'postgres://app@db:5432/serambi',
      DONATION_LINK_SECRET: 'a-production-secret-of-32-characters-or-more',
    });
    expect(devAidsOpen({ clientAddress: '127.0.0.1' }, production)).toBe(false);
    // The PostgreSQL demo of docs/operations.md (DEMO_DATA=1) is a demo: codes can be read at /dev/outbox.
    const demo = parseEnv({ SHOW_DEV_PAGES: '1', DATABASE_URL: 'postgres://app@db:5432/serambi', DEMO_DATA: '1' });
    expect(devAidsOpen({ clientAddress: '127.0.0.1' }, demo)).toBe(true);
    // The embedded demo (`npm start`, NODE_ENV production by default) and development keep them.
    expect(devAidsOpen({ clientAddress: '127.0.0.1' }, parseEnv({ SHOW_DEV_PAGES: '1', NODE_ENV: 'production' }))).toBe(
      true,
    );
  });
});
