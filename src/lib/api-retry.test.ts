import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall } from './api-client';
import { apiCallRetrying, newIdempotencyKey } from './api-retry';

// A keyed POST (the payment start) is sent again by apiCallRetrying when no answer came or the server
// said "busy, come back in a moment"; each attempt carries the same key.

const Answer = z.object({ paymentId: z.string() });
const failed = 'Unable to complete your request';
const key = 'key-0123456789abcdef';
const noWait = async () => {};
const paid = () => new Response(JSON.stringify({ paymentId: 'p1' }), { status: 200 });
const reset = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }));
const sentBodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)));

describe('apiCallRetrying, apiCall with an idempotency key', () => {
  it('sends the key in the JSON body and sends it again after a lost answer', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(reset)
      .mockImplementationOnce(async () => paid());
    const retrying: number[] = [];
    const result = await apiCallRetrying(Answer, '/api/pay', {
      method: 'POST',
      body: { method: 'card' },
      idempotencyKey: key,
      onRetrying: (attempt) => retrying.push(attempt),
      failed,
      fetch,
      wait: noWait,
    });
    expect(result).toEqual({ ok: true, status: 200, data: { paymentId: 'p1' } });
    expect(sentBodies(fetch)).toEqual([
      { method: 'card', idempotencyKey: key },
      { method: 'card', idempotencyKey: key },
    ]);
    expect(retrying).toEqual([2]);
  });

  it('gives up after the policy’s attempts with the usual failed message', async () => {
    const fetch = vi.fn(reset);
    const waits: number[] = [];
    const result = await apiCallRetrying(Answer, '/api/pay', {
      method: 'POST',
      body: {},
      idempotencyKey: key,
      failed,
      fetch,
      retry: { attempts: 3, baseMs: 100, capMs: 1_000, maxRetryAfterMs: 5_000 },
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result).toEqual({ ok: false, status: 0, kind: 'network', message: failed });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
  });

  it('waits the Retry-After of a busy 503 before asking again, and reports it on a failure', async () => {
    const busy = () =>
      new Response(JSON.stringify({ error: 'Busy' }), { status: 503, headers: { 'Retry-After': '2' } });
    const fetch = vi
      .fn()
      .mockImplementationOnce(async () => busy())
      .mockImplementationOnce(async () => paid());
    const waits: number[] = [];
    const result = await apiCallRetrying(Answer, '/api/pay', {
      method: 'POST',
      body: {},
      idempotencyKey: key,
      failed,
      fetch,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result.ok).toBe(true);
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
    // Busy to the end: the endpoint's own message, after the policy's attempts.
    const stillBusy = vi.fn(async () => busy());
    const refused = await apiCallRetrying(Answer, '/api/pay', {
      idempotencyKey: key,
      failed,
      fetch: stillBusy,
      wait: noWait,
    });
    expect(refused).toEqual({ ok: false, status: 503, kind: 'http', message: 'Busy' });
    expect(stillBusy).toHaveBeenCalledTimes(4);
  });

  it('shows a refusal at once: a 409, or a rate limit of minutes', async () => {
    const conflict = vi.fn(async () => new Response(JSON.stringify({ error: 'Not payable' }), { status: 409 }));
    const limited = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'Try in 5 minutes' }), { status: 429, headers: { 'Retry-After': '300' } }),
    );
    for (const fetch of [conflict, limited]) {
      const result = await apiCallRetrying(Answer, '/api/pay', {
        method: 'POST',
        idempotencyKey: key,
        failed,
        fetch,
        wait: noWait,
      });
      expect(result.ok).toBe(false);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('never repeats a request without a key', async () => {
    const fetch = vi.fn(reset);
    const result = await apiCall(Answer, '/api/pay', { method: 'POST', body: {}, failed, fetch });
    expect(result).toMatchObject({ ok: false, kind: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('makes keys the endpoint accepts, a new one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const made of keys) expect(made).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});

describe('apiCallRetrying against a server that resets the first connection', () => {
  // The rush's failure: the server read the POST, then the connection was reset before any answer.
  let server: Server;
  let url = '';
  const received: { key: unknown; answered: boolean }[] = [];

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      const first = received.length === 0;
      received.push({ key: (JSON.parse(body) as { idempotencyKey?: unknown }).idempotencyKey, answered: !first });
      if (first) {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ paymentId: 'p-once' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/invoices/x/payments`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('succeeds on the repeat, which carries the same key', async () => {
    const retrying: number[] = [];
    const sent = newIdempotencyKey();
    const result = await apiCallRetrying(Answer, url, {
      method: 'POST',
      body: { method: 'card', coverFees: false },
      idempotencyKey: sent,
      onRetrying: (attempt) => retrying.push(attempt),
      failed,
      wait: noWait,
    });
    expect(result).toEqual({ ok: true, status: 200, data: { paymentId: 'p-once' } });
    expect(received).toEqual([
      { key: sent, answered: false },
      { key: sent, answered: true },
    ]);
    expect(retrying).toEqual([2]);
  });
});
