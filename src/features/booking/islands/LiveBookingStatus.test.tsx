// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LiveBookingStatus from './LiveBookingStatus';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LiveBookingStatus', () => {
  it('says nothing alarming while the live connection is still being made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ); // still connecting
    const view = render(
      <LiveBookingStatus
        publicId="abc"
        messages={{ live: 'Live updates are on', offline: 'Live updates are disconnected' }}
      />,
    );
    expect(view.container.textContent).not.toContain('disconnected');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(view.container.textContent).not.toContain('disconnected');
    expect(view.container.querySelector('[data-realtime]')?.getAttribute('data-realtime')).toBe('connecting');
  });
});
