import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from './message';
import { aLoginCodeMessage } from './outbox-test-support';
import { createSmtpTransport, createSmtpTransportFromUrl, smtpFailure } from './smtp-transport.server';

const message = aLoginCodeMessage({
  channel: 'email',
  destination: 'aisyah@example.com',
  locale: 'ms',
  subject: 'Kod log masuk Klinik Sihat Bersama anda',
  text: 'Kod log masuk Klinik Sihat Bersama anda ialah 123456.',
  html: '<p>Kod log masuk Klinik Sihat Bersama anda ialah 123456.</p>',
});

describe('SMTP transport through a nodemailer transporter', () => {
  it('sends From, To, Subject, text and HTML', async () => {
    const sent: Buffer[] = [];
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const transport = createSmtpTransport(
      {
        async sendMail(mail) {
          const info = await stream.sendMail(mail);
          sent.push(info.message as Buffer);
          return info;
        },
      },
      { from: 'Klinik <no-reply@kliniksihat.my>' },
    );
    await transport.send(message);

    const raw = sent[0]?.toString() ?? '';
    expect(raw).toMatch(/^From: Klinik <no-reply@kliniksihat\.my>\r$/m);
    expect(raw).toMatch(/^To: aisyah@example\.com\r$/m);
    expect(raw).toMatch(/^Subject: Kod log masuk Klinik Sihat Bersama anda\r$/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('ialah 123456.');
  });

  it('refuses an SMS message permanently', async () => {
    const transport = createSmtpTransport({ sendMail: async () => ({}) }, { from: 'x <x@x.x>' });
    const error = await transport.send({ ...message, channel: 'sms' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).permanent).toBe(true);
  });
});

describe('smtpFailure', () => {
  const classify = (error: object) =>
    (smtpFailure(Object.assign(new Error('boom'), error), []) as DeliveryError).permanent;

  it('gives up on rejections of the message, retries connection trouble and 4xx replies', () => {
    expect(classify({ code: 'EENVELOPE', responseCode: 550, permanent: true })).toBe(true);
    expect(classify({ code: 'EENVELOPE' })).toBe(true);
    expect(classify({ code: 'EENVELOPE', responseCode: 452, permanent: false })).toBe(false);
    expect(classify({ code: 'ECONNECTION' })).toBe(false);
    expect(classify({ code: 'ETIMEDOUT' })).toBe(false);
    expect(classify({})).toBe(false);
  });

  it('blanks the password out of the message', () => {
    expect(smtpFailure(new Error('login pa55word failed'), ['pa55word']).message).toBe('smtp: login [redacted] failed');
  });
});

/**
 * A tiny SMTP server on a raw socket: enough of RFC 5321 for nodemailer to deliver one message,
 * with AUTH PLAIN, and a recipient it refuses for good.
 */
interface Received {
  auth: string | undefined;
  from: string;
  to: string[];
  data: string;
}
let smtpServer: Server;
let smtpPort: number;
const received: Received[] = [];

function serveSmtp(socket: Socket) {
  let buffer = '';
  let inData = false;
  let current: Received = { auth: undefined, from: '', to: [], data: '' };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 stand-in ESMTP');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          received.push(current);
          current = { auth: current.auth, from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
        } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        continue;
      }
      const command = line.toUpperCase();
      if (command.startsWith('EHLO')) reply('250-stand-in\r\n250 AUTH PLAIN');
      else if (command.startsWith('AUTH PLAIN')) {
        current.auth = Buffer.from(line.slice('AUTH PLAIN '.length), 'base64').toString('utf8');
        reply('235 2.7.0 ok');
      } else if (command.startsWith('MAIL FROM:')) {
        current.from = line.slice(10);
        reply('250 ok');
      } else if (command.startsWith('RCPT TO:')) {
        if (line.includes('nobody@')) reply('550 5.1.1 no such user');
        else {
          current.to.push(line.slice(8));
          reply('250 ok');
        }
      } else if (command === 'DATA') {
        inData = true;
        reply('354 go ahead');
      } else if (command === 'RSET') reply('250 ok');
      else if (command === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('502 not implemented');
    }
  });
}

beforeAll(async () => {
  smtpServer = createServer(serveSmtp);
  await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtpServer.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtpServer.close(() => resolve())));

describe('SMTP transport from SMTP_URL', () => {
  it('logs in and delivers the message to the server of the URL', async () => {
    const transport = createSmtpTransportFromUrl(
      `smtp://mailer:s3cr%40t@127.0.0.1:${smtpPort}`,
      'Serambi <no-reply@localhost>',
    );
    await transport.send(message);

    expect(transport.name).toBe('smtp');
    const mail = received.at(-1);
    expect(mail?.auth).toBe('\0mailer\0s3cr@t');
    expect(mail?.from).toBe('<no-reply@localhost>');
    expect(mail?.to).toEqual(['<aisyah@example.com>']);
    expect(mail?.data).toMatch(/^To: aisyah@example\.com$/m);
    expect(mail?.data).toMatch(/^Subject: Kod log masuk Klinik Sihat Bersama anda$/m);
    expect(mail?.data).toContain('ialah 123456.');
  });

  it('takes a 550 for the recipient as permanent, with the password kept out', async () => {
    const transport = createSmtpTransportFromUrl(`smtp://mailer:s3cr%40t@127.0.0.1:${smtpPort}`, 'x <x@localhost>');
    const error = await transport.send({ ...message, destination: 'nobody@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).permanent).toBe(true);
    expect((error as DeliveryError).message).not.toContain('s3cr');
  });

  it('retries when the server cannot be reached', async () => {
    const transport = createSmtpTransportFromUrl('smtp://127.0.0.1:1', 'x <x@localhost>');
    const error = await transport.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).permanent).toBe(false);
  });
});
