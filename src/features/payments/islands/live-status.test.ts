import { describe, expect, it, vi } from 'vitest';
import { hasMoved, recheck, statusUrl } from './live-status';

const shown = { invoice: 'open', payment: 'pending' };

describe('the verify page catching up once its subscription is ready', () => {
  it('sees a settlement it was never told about', () => {
    expect(hasMoved(shown, { invoice: 'paid', payment: 'paid' })).toBe(true);
    expect(hasMoved(shown, { invoice: 'failed', payment: 'failed' })).toBe(true);
    // The invoice paid by another payment (another tab) also moves this page.
    expect(hasMoved(shown, { invoice: 'paid', payment: 'pending' })).toBe(true);
  });

  it('stays put while nothing changed (no reload loop)', () => {
    expect(hasMoved(shown, { invoice: 'open', payment: 'pending' })).toBe(false);
    // An earlier attempt failed, this one still waits.
    expect(hasMoved(shown, { invoice: 'failed', payment: 'pending' })).toBe(false);
    expect(hasMoved({ invoice: 'open', payment: null }, { invoice: 'open', payment: null })).toBe(false);
  });

  it('asks the status endpoint and reloads only when the payment moved', async () => {
    const reload = vi.fn();
    const answering = (body: unknown, status = 200) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

    const settled = answering({ invoice: 'paid', payment: 'paid' });
    expect(await recheck(shown, statusUrl('AbCdEf123456', 'p-1'), { fetch: settled, reload })).toBe(true);
    expect(settled).toHaveBeenCalledWith('/api/invoices/AbCdEf123456/status?payment=p-1', expect.anything());
    expect(reload).toHaveBeenCalledTimes(1);

    expect(await recheck(shown, statusUrl('AbCdEf123456', null), { fetch: answering(shown), reload })).toBe(false);
    expect(await recheck(shown, '/x', { fetch: answering({ error: 'x' }, 404), reload })).toBe(false);
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await recheck(shown, '/x', { fetch: offline, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
