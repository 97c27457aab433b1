// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';

const subscribed: { channel: string; handler: (event: string, data: unknown) => void }[] = [];
vi.mock('#components/realtime/realtime-client.ts', () => ({
  $realtimeStatus: atom('open'),
  $realtimeShown: atom('open'),
  READY: 'realtime.ready',
  RESYNC: 'realtime.resync',
  subscribe: (channel: string, handler: (event: string, data: unknown) => void) => {
    subscribed.push({ channel, handler });
    return () => {};
  },
}));

afterEach(() => {
  cleanup();
  subscribed.length = 0;
  vi.unstubAllGlobals();
});

describe('LiveInvoiceStatus', () => {
  it('asks where the payment stands each time its subscription is ready, and only then', async () => {
    const { default: LiveInvoiceStatus } = await import('./LiveInvoiceStatus');
    const fetch = vi.fn(async () => Response.json({ invoice: 'open', payment: 'pending' }));
    vi.stubGlobal('fetch', fetch);
    render(
      <LiveInvoiceStatus
        publicId="AbCdEf123456"
        paymentId="6f1c1b7e-3a8e-4c55-9a34-1f0f3f4b2a10"
        shown={{ invoice: 'open', payment: 'pending' }}
        messages={{ live: 'Live updates on', offline: 'Offline' }}
      />,
    );
    const invoice = subscribed.find((s) => s.channel === 'invoice:AbCdEf123456');
    expect(invoice).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
    invoice?.handler('realtime.ready', null);
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/invoices/AbCdEf123456/status?payment=6f1c1b7e-3a8e-4c55-9a34-1f0f3f4b2a10',
        expect.anything(),
      ),
    );
    invoice?.handler('something.else', null);
    invoice?.handler('realtime.ready', null);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
