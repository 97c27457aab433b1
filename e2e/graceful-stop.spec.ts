import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { expect, test } from '@playwright/test';

/**
 * A graceful stop (issue 23, item 17): SIGTERM while a gateway's payment report is still arriving
 * (its body sent slowly) and a realtime stream is open. The server stops accepting, ends the
 * stream, answers the report, stops its workers, closes the embedded database and exits 0; the
 * data directory then opens cleanly and holds the payment as paid. Its own server (scripts/serve.mjs
 * on the build) on a free port and a fresh DATA_DIR: the shared one must keep running.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SECRET = 'graceful-stop-webhook-secret-0123456789';

interface Server {
  process: ChildProcess;
  port: number;
  log: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(dataDir: string): Promise<Server> {
  const log: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHOW_DEV_PAGES: '1',
      TRUST_PROXY: '0',
      SANDBOX_WEBHOOK_SECRET: SECRET,
      STOP_TIMEOUT_MS: '20000',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on https?:\/\/[^:\s]+:(\d+)/i.exec(log.join(''));
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited:\n${log.join('')}`));
    });
  });
  return { process: child, port, log, exited };
}

function call(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

test('SIGTERM during a payment report: the report is answered, the stream ended, exit 0, and the database opens with the payment paid', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'serambi-stop-'));
  const server = await startServer(dataDir);
  const host = `klinik.localhost:${server.port}`;
  const base = { Host: host, Origin: `http://${host}` };
  try {
    const booked = await call(
      server.port,
      'POST',
      '/dev/bookings',
      { ...base, 'Content-Type': 'application/json' },
      JSON.stringify({ service: 'general-consultation', startCardPayment: true }),
    );
    expect(booked.status, booked.body).toBe(200);
    const { paymentUrl, invoicePublicId, invoiceSubtotal, currency } = JSON.parse(booked.body) as {
      paymentUrl: string;
      invoicePublicId: string;
      invoiceSubtotal: number;
      currency: string;
    };
    const paymentId = paymentUrl.split('/').pop() ?? '';
    expect(paymentId).not.toBe('');

    // A realtime stream, open while the stop begins: it must not hold the stop.
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `/api/realtime?channels=invoice:${invoicePublicId}`,
          headers: { ...base, Accept: 'text/event-stream' },
        },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    expect(stream.statusCode).toBe(200);
    const streamEnded = new Promise<void>((resolve) => {
      stream
        .on('end', resolve)
        .on('close', resolve)
        .on('error', () => resolve());
      stream.resume();
    });

    // The gateway's report of the payment, signed as the sandbox signs, its body arriving slowly.
    const body = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      type: 'charge.succeeded',
      // What the payment was for: a report naming another amount settles nothing (issue 23).
      data: { paymentId, amount: invoiceSubtotal, currency },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', SECRET).update(`${t}.${body}`, 'utf8').digest('hex');
    let report!: ClientRequest;
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      report = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/webhooks/sandbox',
          headers: {
            Host: host,
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'Serambi-Sandbox-Signature': `t=${t},v1=${v1}`,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      report.on('error', reject);
    });
    const half = Math.floor(body.length / 2);
    report.write(body.slice(0, half));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stopAt = Date.now();
    server.process.kill('SIGTERM');
    await expect.poll(() => server.log.join(''), { timeout: 5_000 }).toContain('SIGTERM: stopping');
    // No new connections once stopping.
    const refused = await call(server.port, 'GET', '/', base).then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    await streamEnded;

    // The rest of the report arrives after the signal: it is still handled and answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    report.end(body.slice(half));
    const answer = await answered;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ received: true });

    const exit = await server.exited;
    expect(exit, server.log.join('').slice(-3000)).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopAt).toBeLessThan(20_000);
    const log = server.log.join('');
    console.log(
      log
        .split('\n')
        .filter((line) => /stop/i.test(line))
        .join('\n'),
    );
    expect(log).toContain('stop: job workers stopped');
    expect(log).toContain('stop: database (pglite) stopped');
  } finally {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  }

  // The data directory opens cleanly after the stop, with the payment recorded.
  const database = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { btree_gist } });
  try {
    const paid = await database.query<{ status: string; settled_via: string }>(
      `SELECT status, settled_via FROM payments WHERE provider = 'sandbox' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(paid.rows).toEqual([{ status: 'paid', settled_via: 'webhook' }]);
  } finally {
    await database.close();
  }
});
