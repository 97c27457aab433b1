import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from './message';
import { aLoginCodeMessage } from './outbox-test-support';
import { createSmsTransport, toE164 } from './sms-transport.server';
import { createTwilioSmsProvider } from './twilio-sms.server';

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
const authToken = 'super-secret-token-42';

/** A local Twilio stand-in: records each request and answers what the test queued. */
interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}
let server: Server;
let apiBase: string;
let requests: Recorded[] = [];
let answer: { status: number; body: string } = { status: 201, body: '{}' };

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form: new URLSearchParams(await readBody(request)),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  answer = { status: 201, body: JSON.stringify({ sid: 'SM1', status: 'queued' }) };
});

const message = aLoginCodeMessage();

async function failureOf(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('Twilio SMS adapter', () => {
  it('posts the form to the account Messages resource with Basic auth', async () => {
    const transport = createSmsTransport(
      createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiBase }),
    );
    await transport.send(message);

    expect(transport.name).toBe('twilio');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+60123456789',
      From: '+15005550006',
      Body: message.text,
    });
  });

  it('uses a messaging service instead of a sender, and whatsapp: addresses for WhatsApp', async () => {
    const messagingServiceSid = `MG${'f'.repeat(32)}`;
    const transport = createSmsTransport(
      createTwilioSmsProvider({ accountSid, authToken, messagingServiceSid, apiBase, whatsapp: true }),
    );
    await transport.send({ ...message, destination: '+6281234567890' });
    expect(transport.name).toBe('twilio-whatsapp');
    expect(Object.fromEntries(requests[0]?.form ?? [])).toEqual({
      To: 'whatsapp:+6281234567890',
      MessagingServiceSid: messagingServiceSid,
      Body: message.text,
    });

    const withSender = createSmsTransport(
      createTwilioSmsProvider({ accountSid, authToken, from: '+14155238886', apiBase, whatsapp: true }),
    );
    await withSender.send(message);
    expect(requests[1]?.form.get('From')).toBe('whatsapp:+14155238886');
  });

  const provider = () => createTwilioSmsProvider({ accountSid, authToken, from: '+15005550006', apiBase });

  it("takes a 400 with Twilio's error JSON as permanent, number masked, secrets out", async () => {
    answer = {
      status: 400,
      body: JSON.stringify({
        code: 21211,
        message: `The 'To' number +60123456789 is not valid (account ${accountSid}, token ${authToken})`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    };
    const error = await failureOf(provider().sendText('+60123456789', 'hi'));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('twilio 400: 21211');
    expect(error.message).toContain('+60******789');
    expect(error.message).not.toContain('60123456789');
    expect(error.message).not.toContain(authToken);
    expect(error.message).not.toContain(accountSid);
  });

  it('takes 401 as permanent too (bad credentials will not fix themselves)', async () => {
    answer = { status: 401, body: JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }) };
    expect((await failureOf(provider().sendText('+60123456789', 'hi'))).permanent).toBe(true);
  });

  it('retries on 429 and on 5xx, JSON or not', async () => {
    answer = { status: 429, body: JSON.stringify({ code: 20429, message: 'Too Many Requests', status: 429 }) };
    const limited = await failureOf(provider().sendText('+60123456789', 'hi'));
    expect(limited.permanent).toBe(false);
    expect(limited.message).toContain('429');

    answer = { status: 500, body: '<html>oops</html>' };
    const broken = await failureOf(provider().sendText('+60123456789', 'hi'));
    expect(broken.permanent).toBe(false);
    expect(broken.message).toContain('twilio 500');
  });

  it('retries when nobody answers', async () => {
    const closed = createTwilioSmsProvider({ accountSid, authToken, from: '+1500', apiBase: 'http://127.0.0.1:1' });
    const error = await failureOf(closed.sendText('+60123456789', 'hi'));
    expect(error.permanent).toBe(false);
    expect(error.message).toMatch(/^twilio: no answer/);
  });

  it('refuses an e-mail message and a destination that is not a phone number, permanently', async () => {
    const transport = createSmsTransport(provider());
    expect((await failureOf(transport.send({ ...message, channel: 'email' }))).permanent).toBe(true);
    expect((await failureOf(transport.send({ ...message, destination: 'abc' }))).permanent).toBe(true);
    expect(requests).toHaveLength(0);
  });
});

describe('toE164', () => {
  it('adds the plus to digits with a dial code and keeps an existing one', () => {
    expect(toE164('60123456789')).toBe('+60123456789');
    expect(toE164('+62 812-3456-7890')).toBe('+6281234567890');
    expect(() => toE164('0123456789')).toThrow(DeliveryError);
  });
});
