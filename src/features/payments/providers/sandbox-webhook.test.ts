import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../provider';
import {
  firstWebhookDelayMs,
  SANDBOX_FAILURE_REASON,
  sandboxEventFrom,
  sandboxOutcome,
  signSandboxPayload,
  verifySandboxSignature,
} from './sandbox-webhook';

const secret = 'test-secret-0123456789abcdef';
const now = 1_760_000_000;
const body = JSON.stringify({
  id: 'evt_abc123',
  type: 'charge.succeeded',
  data: { paymentId: 'pay-1', amount: 5000, currency: 'MYR' },
});

function refusal(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }
  throw new Error('expected a WebhookVerificationError');
}

describe('sandbox webhook signature', () => {
  it('round-trips: t=<seconds>,v1=<64 hex>', () => {
    const header = signSandboxPayload(body, secret, now);
    expect(header).toMatch(/^t=1760000000,v1=[0-9a-f]{64}$/);
    expect(() => verifySandboxSignature(body, header, secret, now)).not.toThrow();
    // Within the five-minute tolerance either way.
    expect(() => verifySandboxSignature(body, header, secret, now + 299)).not.toThrow();
  });

  it('refuses a tampered body, a wrong secret and a missing header', () => {
    const header = signSandboxPayload(body, secret, now);
    refusal(() => verifySandboxSignature(body.replace('5000', '1'), header, secret, now));
    refusal(() => verifySandboxSignature(body, header, 'another-secret-0123456789', now));
    refusal(() => verifySandboxSignature(body, null, secret, now));
    refusal(() => verifySandboxSignature(body, '', secret, now));
  });

  it('refuses a signature older than five minutes (a replay) and one from the future', () => {
    const old = signSandboxPayload(body, secret, now - 301);
    expect(refusal(() => verifySandboxSignature(body, old, secret, now)).message).toMatch(/tolerance/);
    const future = signSandboxPayload(body, secret, now + 301);
    refusal(() => verifySandboxSignature(body, future, secret, now));
  });

  it('refuses malformed headers without throwing anything else', () => {
    const [, v1] = signSandboxPayload(body, secret, now).split(',');
    for (const header of [
      `t=abc,${v1}`,
      `${v1}`,
      `t=${now}`,
      `t=${now},v1=zz`,
      `t=${now},v1=${'a'.repeat(63)}`,
      'garbage',
    ]) {
      refusal(() => verifySandboxSignature(body, header, secret, now));
    }
  });

  it('accepts any one matching v1 among several (secret rotation)', () => {
    const good = signSandboxPayload(body, secret, now).split(',')[1];
    const header = `t=${now},v1=${'0'.repeat(64)},${good}`;
    expect(() => verifySandboxSignature(body, header, secret, now)).not.toThrow();
  });
});

describe('sandbox webhook body', () => {
  it('maps charge events to outcomes, with our payment id as both references', () => {
    expect(sandboxEventFrom(body)).toEqual({
      provider: 'sandbox',
      eventId: 'evt_abc123',
      type: 'charge.succeeded',
      paymentId: 'pay-1',
      providerRef: 'pay-1',
      outcome: 'paid',
      charged: { amount: 5000, currency: 'MYR' },
      payload: JSON.parse(body),
    });
    const failed = JSON.stringify({
      id: 'evt_f',
      type: 'charge.failed',
      data: { paymentId: 'pay-2', amount: 1, currency: 'MYR', failureReason: 'Declined' },
    });
    expect(sandboxEventFrom(failed)).toMatchObject({ outcome: 'failed', failureReason: 'Declined' });
    const cancelled = JSON.stringify({
      id: 'evt_c',
      type: 'charge.cancelled',
      data: { paymentId: 'p', amount: 1, currency: 'IDR' },
    });
    expect(sandboxEventFrom(cancelled)).toMatchObject({ outcome: 'cancelled', paymentId: 'p' });
  });

  it('ignores unknown event types', () => {
    const other = JSON.stringify({ id: 'evt_o', type: 'charge.refunded', data: { paymentId: 'p' } });
    expect(sandboxEventFrom(other)).toMatchObject({ outcome: 'ignored', type: 'charge.refunded', paymentId: 'p' });
  });

  it('refuses bodies that are not JSON or have the wrong shape', () => {
    for (const raw of [
      'not json',
      '[]',
      JSON.stringify({ id: 'nope', type: 'charge.succeeded', data: {} }),
      JSON.stringify({ id: 'evt_1', type: 'charge.succeeded', data: { paymentId: 'p', amount: -1, currency: 'MYR' } }),
      JSON.stringify({ id: 'evt_1', type: 'charge.succeeded', data: { paymentId: 'p', amount: 1, currency: 'myr' } }),
      JSON.stringify({ id: 'evt_1', type: 'charge.succeeded' }),
    ]) {
      refusal(() => sandboxEventFrom(raw));
    }
  });
});

describe('sandbox rules', () => {
  it('maps the charge status to the provider status', () => {
    expect(sandboxOutcome('requires_action')).toEqual({ status: 'pending' });
    expect(sandboxOutcome('succeeded')).toEqual({ status: 'paid' });
    expect(sandboxOutcome('failed')).toEqual({ status: 'failed', failureReason: SANDBOX_FAILURE_REASON });
    expect(sandboxOutcome('cancelled')).toEqual({ status: 'cancelled' });
  });

  it('waits 0–800 ms before the first webhook', () => {
    expect(firstWebhookDelayMs(() => 0)).toBe(0);
    expect(firstWebhookDelayMs(() => 0.999_999)).toBe(799);
  });
});
