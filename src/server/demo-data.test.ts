import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldSeedDemo } from './demo-data';

describe('demo data', () => {
  it('fills the embedded database by default, so npm start shows the demo organisations', () => {
    expect(shouldSeedDemo({ databaseUrl: undefined, demoData: undefined })).toBe(true);
    expect(shouldSeedDemo({ databaseUrl: undefined, demoData: false })).toBe(false);
  });
  it('never fills a PostgreSQL database (perhaps production) unless asked', () => {
    const url = 'postgres://app@db.internal:5432/serambi';
    expect(shouldSeedDemo({ databaseUrl: url, demoData: undefined })).toBe(false);
    expect(shouldSeedDemo({ databaseUrl: url, demoData: false })).toBe(false);
    expect(shouldSeedDemo({ databaseUrl: url, demoData: true })).toBe(true);
  });
});

describe('DEMO_DATA and TRUST_PROXY in the environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  async function load(vars: Record<string, string>) {
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    vi.resetModules();
    const { env } = await import('./config.server');
    return env;
  }
  it('reads DEMO_DATA as on, off or unset, and TRUST_PROXY as a hop count defaulting to 0', async () => {
    expect((await load({ DEMO_DATA: '1', TRUST_PROXY: '' }))()).toMatchObject({ DEMO_DATA: true, TRUST_PROXY: 0 });
    expect((await load({ DEMO_DATA: 'false', TRUST_PROXY: '2' }))()).toMatchObject({
      DEMO_DATA: false,
      TRUST_PROXY: 2,
    });
    expect((await load({ DEMO_DATA: '' }))().DEMO_DATA).toBeUndefined();
  });
  it('stops on a wrong value, naming the variable', async () => {
    expect(await load({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
    expect(await load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(await load({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});
