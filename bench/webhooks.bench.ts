// Webhook settlement throughput, measured side by side in one run (never a timed test):
//   unique deliveries (each settles a payment) vs duplicated deliveries (replays of settled events),
// and the check that duplicates never cause a second effect. Run: npm run bench
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { composeApp } from '#app.server';
import { paymentEvents, payments } from '#db/schema/index.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { startCheckout } from '#features/invoices/index.server.ts';
import {
  createPayment,
  handleWebhook,
  type PaymentProvider,
  WebhookVerificationError,
} from '#features/payments/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { events as bus } from '#server/events/index.ts';
import { type BenchDatabaseKind, benchDatabaseKinds, openBenchDatabase } from './databases';

const N = Number(process.env.BENCH_N ?? 300);
const secret = 'bench-secret';
const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
const gateway: PaymentProvider = {
  name: 'sandbox',
  async createPayment(request) {
    return { kind: 'redirect', url: `https://gateway.example/${request.paymentId}`, providerRef: request.paymentId };
  },
  async fetchStatus() {
    return { status: 'pending' };
  },
  async refund() {
    throw new Error('not used');
  },
  async parseWebhook({ headers, rawBody }) {
    if (headers.get('x-signature') !== sign(rawBody)) throw new WebhookVerificationError('bad signature');
    const body = JSON.parse(rawBody) as { id: string; paymentId: string };
    return {
      provider: 'sandbox',
      eventId: body.id,
      type: 'charge.succeeded',
      paymentId: body.paymentId,
      providerRef: body.paymentId,
      outcome: 'paid',
      payload: body,
    };
  },
};

async function bench(kind: BenchDatabaseKind): Promise<boolean> {
  const database = await openBenchDatabase(kind);
  await seedDemo(database.db);
  forgetCachedTenants(); // the cache is per process, not per database
  const tenant = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
  effects = 0;

  const paymentIds: string[] = [];
  for (let i = 0; i < N; i += 1) {
    const invoice = await startCheckout(database.db, {
      tenantId: tenant.id,
      currency: tenant.currency,
      kind: 'appointment',
      locale: 'en',
      lines: [{ description: { en: 'Bench' }, quantity: 1, unitAmount: 1000 + i }],
      contact: { name: 'Bench' },
    });
    const result = await createPayment(
      database.db,
      { forMethod: () => gateway },
      {
        tenant,
        invoice,
        method: 'card',
        coverFees: false,
        locale: 'en',
        ip: `10.${i >> 8}.${i & 255}.1`,
        siteOrigin: 'http://klinik.localhost',
        returnPath: '/x',
      },
    );
    if (!result.ok) throw new Error(result.reason);
    paymentIds.push(result.paymentId);
  }
  const deliver = (i: number) => {
    const rawBody = JSON.stringify({ id: `evt-${i}`, paymentId: paymentIds[i] });
    return handleWebhook(database.db, gateway, { headers: new Headers({ 'x-signature': sign(rawBody) }), rawBody });
  };

  let started = performance.now();
  for (let i = 0; i < N; i += 1) await deliver(i);
  const uniqueMs = performance.now() - started;

  started = performance.now();
  for (let round = 0; round < 3; round += 1) for (let i = 0; i < N; i += 1) await deliver(i);
  const duplicateMs = (performance.now() - started) / 3;

  const events = await database.db.select().from(paymentEvents);
  const paid = await database.db.select().from(payments).where(eq(payments.status, 'paid'));
  const uniquePerSecond = (N / uniqueMs) * 1000;
  const duplicatePerSecond = (N / duplicateMs) * 1000;
  console.log(`database: ${database.kind}, ${N} payments`);
  console.log(`unique deliveries (settle):     ${uniquePerSecond.toFixed(0)}/s`);
  console.log(`duplicated deliveries (no-op):  ${duplicatePerSecond.toFixed(0)}/s`);
  console.log(`ratio duplicate/unique speed:   ${(duplicatePerSecond / uniquePerSecond).toFixed(2)}×`);
  console.log(
    `deliveries ${N * 4}, events stored ${events.length}, payments paid ${paid.length}, paid effects ${effects}`,
  );
  const clean = events.length === N && paid.length === N && effects === N;
  console.log(
    clean ? 'duplicates handled without a double effect: 3 of 3 replays of every event' : 'DOUBLE EFFECT DETECTED',
  );
  await database.close();
  return clean;
}

let effects = 0;
composeApp();
bus.on('invoice.paid', 'bench-counter', async () => {
  effects += 1;
});
let ok = true;
for (const kind of benchDatabaseKinds) ok = (await bench(kind)) && ok;
if (!ok) process.exit(1);
