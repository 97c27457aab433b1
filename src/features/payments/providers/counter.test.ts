import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { WebhookVerificationError } from '../provider';
import { createCounterProvider } from './counter.server';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

describe('counter provider', () => {
  const counter = createCounterProvider();

  it('starts nothing online and leaves the payment to staff', async () => {
    expect(counter.name).toBe('counter');
    const start = await counter.createPayment({
      paymentId: 'p',
      tenantId: 't',
      invoicePublicId: 'i',
      invoiceNumber: 'INV-000001',
      amount: 1000,
      currency: 'MYR',
      method: 'counter',
      description: 'Consultation',
      customerEmail: null,
      locale: 'en',
      returnUrl: 'http://klinik.localhost:4321/invoices/i',
      siteOrigin: 'http://klinik.localhost:4321',
    });
    expect(start).toEqual({ kind: 'offline' });
    expect(await counter.fetchStatus({ id: 'p', providerRef: null })).toEqual({ status: 'pending' });
  });

  it('gives cash back by hand: a refund stays due until staff record it', async () => {
    const payment = { id: 'p', providerRef: null, currency: 'MYR' };
    expect(await counter.refund({ refundId: 'r', payment, amount: 1000, reason: 'booking_cancelled' })).toEqual({
      status: 'due',
      providerRef: null,
    });
  });

  it('has no webhooks', async () => {
    await expect(counter.parseWebhook({ headers: new Headers(), rawBody: '{}' })).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(counter.parseWebhook({ headers: new Headers(), rawBody: '{}' })).rejects.toThrow(
      'counter payments have no webhooks',
    );
  });
});
