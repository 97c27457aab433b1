// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pick } from '#i18n/t.ts';
import { DEFAULT_CURRENCY } from '#lib/money.ts';
import PayInvoice, { PAY_MESSAGE_KEYS } from './PayInvoice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const messages = pick('en', PAY_MESSAGE_KEYS);

function renderPanel() {
  return render(
    <PayInvoice
      action="/invoices/inv1/pay"
      back="/invoices/inv1/appointment"
      publicId="inv1"
      displayNumber="INV-1"
      subtotal={10_000}
      currency={DEFAULT_CURRENCY}
      options={[{ method: 'counter', coverFee: 0 }]}
      locale="en"
      messages={messages}
    />,
  );
}

describe('PayInvoice, when the payment start’s answer is lost', () => {
  it('says it is busy and retrying (politely, to screen readers), then goes on with the same key', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderPanel();
    fireEvent.submit(screen.getByRole('button').closest('form') as HTMLFormElement);

    const status = await screen.findByText(messages['invoice.retrying']);
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.getAttribute('role')).toBe('status');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answer(Response.json({ paymentId: 'p1', verifyUrl: '/verify', kind: 'offline', instructions: null }));
    await screen.findByText(/INV-1/);
    const keys = fetch.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)).idempotencyKey);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.queryByText(messages['invoice.retrying'])).toBeNull();
  });

  it('a new click is a new attempt with a new key', async () => {
    const fetch = vi.fn(async () => Response.json({ error: 'This invoice can no longer be paid.' }, { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    renderPanel();
    const form = screen.getByRole('button').closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    await screen.findByText('This invoice can no longer be paid.');
    fireEvent.submit(form);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const keys = fetch.mock.calls.map(
      (call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)).idempotencyKey,
    );
    expect(keys[1]).not.toBe(keys[0]);
  });
});
