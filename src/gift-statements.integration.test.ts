import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/preact/container-renderer';
import type { APIContext } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, testDatabaseKinds } from '#db/test-databases.ts';
import { aFoundationSuite, insertTestCampaign } from '#features/donations/test-support.ts';
import { translator } from '#i18n/t.ts';
import { routePolicy } from '#pipeline/route-policy.ts';
import { composeApp } from './app.server';

// Statements per step of a gift (issue 25): a donor's whole gift as a browser without JavaScript
// walks it — the form page, "Donate now", the payment's start, the sandbox bank's Pay, the
// thank-you page that settles it — each step rendered whole through a handle that counts the
// statements it sends (BEGIN/COMMIT included). The CPU per gift follows the count
// (docs/performance.md, "CPU per step of a gift"): the bounds keep it from growing back.
composeApp();

const page = async (file: string) =>
  ((await import(/* @vite-ignore */ `./pages/${file}`)) as { default: AstroComponentFactory }).default;
const FormPage = await page('donation/[id]/form.astro');
const SandboxPage = await page('pay/sandbox/[paymentId].astro');
const VerifyPage = await page('invoices/[publicId]/donation/verify.astro');
const { POST: startPayment } = (await import('#pages/api/invoices/[publicId]/payments.ts')) as {
  POST: (context: APIContext) => Promise<Response>;
};

/**
 * Today's counts per step: a bound may go down, never up (the step's statements are listed on
 * failure). PostgreSQL's donate and thank-you steps send two more each: the BEGIN/COMMIT that PGlite's
 * one connection sends inside its transaction call, where the counting handle does not see them.
 */
const BOUNDS = {
  pglite: { form: 3, donate: 10, start: 6, pay: 2, thanks: 20 },
  postgres: { form: 3, donate: 12, start: 6, pay: 2, thanks: 22 },
} as const;

describe.each(testDatabaseKinds)('statements per step of a gift on %s', (kind) => {
  const suite = aFoundationSuite(kind);
  let container: Awaited<ReturnType<typeof AstroContainer.create>>;
  let campaign: string;
  const origin = 'http://yayasan.localhost';

  beforeAll(async () => {
    campaign = (await insertTestCampaign(suite.db, suite.yayasan.id)).publicId;
    container = await AstroContainer.create({
      renderers: await loadRenderers([getContainerRenderer()]),
      // The donation form hydrates on `client:interaction` (astro.config.mjs): the container must know it.
      manifest: {
        clientDirectives: new Map(
          ['idle', 'load', 'media', 'only', 'visible', 'interaction'].map((name) => [name, 'void 0']),
        ),
      } as never,
    });
  });

  function localsFor(db: ReturnType<typeof countQueries>['db'], path: string) {
    return {
      tenant: suite.yayasan,
      db,
      locale: 'en',
      t: translator('en'),
      origin,
      clientIp: suite.nextIp(),
      path,
      user: null,
      staff: null,
      embed: false,
      policy: routePolicy(path, new URLSearchParams()),
    } as unknown as App.Locals;
  }

  /** One step through a counting handle: its response and the statements it sent. */
  async function step(run: (locals: App.Locals) => Promise<Response>, path: string) {
    const counter = countQueries(suite.database);
    const response = await run(localsFor(counter.db, path));
    const body = await response.text();
    return { response, body, statements: counter.statements() };
  }

  const post = (url: string, fields: Record<string, string>) =>
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(fields).toString(),
    });

  it('stays within its statements at every step, from the form to the thank-you', async () => {
    const formPath = `/donation/${campaign}/form`;
    const form = await step(
      (locals) =>
        container.renderToResponse(FormPage, {
          params: { id: campaign },
          request: new Request(origin + formPath),
          locals,
        }),
      formPath,
    );
    expect(form.response.status).toBe(200);
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form.body)?.[1] ?? '';

    const donate = await step(
      (locals) =>
        container.renderToResponse(FormPage, {
          params: { id: campaign },
          request: post(origin + formPath, {
            campaignId: hidden('campaignId'),
            idempotencyKey: hidden('idempotencyKey'),
            amount: '50.00',
            customAmount: '',
            type: 'one-time',
            name: 'Penderma',
            phone: '+60123456789',
            intent: 'donate',
            website: '',
          }),
          locals,
        }),
      formPath,
    );
    expect(donate.response.status).toBe(303);
    const invoice = /[?&]invoice=([^&]+)/.exec(donate.response.headers.get('location') ?? '')?.[1] ?? '';
    expect(invoice).not.toBe('');

    const startPath = `/api/invoices/${invoice}/payments`;
    const start = await step(
      (locals) =>
        startPayment({
          params: { publicId: invoice },
          request: new Request(origin + startPath, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({ method: 'fpx' }),
          }),
          locals,
        } as unknown as APIContext),
      startPath,
    );
    expect(start.response.status).toBe(200);
    const { paymentId } = JSON.parse(start.body) as { paymentId: string };

    const payPath = `/pay/sandbox/${paymentId}`;
    const pay = await step(
      (locals) =>
        container.renderToResponse(SandboxPage, {
          params: { paymentId },
          request: post(origin + payPath, { bank: 'Maybank2u', choice: 'pay' }),
          locals,
        }),
      payPath,
    );
    expect(pay.response.status).toBe(303);
    const back = new URL(pay.response.headers.get('location') ?? '', origin);

    const thanks = await step(
      (locals) =>
        container.renderToResponse(VerifyPage, {
          params: { publicId: invoice },
          request: new Request(back.href),
          locals,
        }),
      back.pathname,
    );
    expect(thanks.response.status).toBe(200);
    expect(thanks.body).toContain('data-verify-status="paid"');

    const steps = { form, donate, start, pay, thanks };
    if (process.env.SHOW_QUERIES)
      for (const [name, { statements }] of Object.entries(steps))
        console.log(
          name,
          statements.length,
          statements.map((q) => q.slice(0, 150)),
        );
    for (const [name, { statements }] of Object.entries(steps)) {
      const bound = BOUNDS[kind][name as keyof (typeof BOUNDS)[typeof kind]];
      expect(statements.length, `${name}:\n${statements.map((s) => s.slice(0, 120)).join('\n')}`).toBeLessThanOrEqual(
        bound,
      );
    }
  });
});
