import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { accessFor } from '#features/auth/access.ts';
import { PORT } from './support';

/**
 * Malformed input to every route (issue 9, "Done means"; issue 23 item 14): the routes are read
 * from src/pages, so a new page or endpoint is covered without editing this file, and the suite
 * fails on a route file it could not give a case (a method never sent, a dynamic route no real id
 * was found for). Two tenants: each route is sent its own tenant's real ids (found by crawling the
 * tenant's pages as a visitor, a customer and a staff owner), the other tenant's ids, unknown ids
 * and bad ids. Every form the crawl finds is posted back as rendered with one field made bad at a
 * time (NUL, bytes that are not UTF-8, 31 February in a date field), as each role that saw it. Every method a route answers,
 * with and without the /ms and /id prefixes, with malformed params (NUL, overlong, non-uuid, bad
 * and invalid-UTF-8 escapes, huge numbers), malformed queries and bodies (wrong JSON types, NUL
 * everywhere, huge numbers, wrong content types, empty), TRACE and made-up methods; as an
 * anonymous visitor, and as a customer and a staff owner where the access rule says login
 * matters. Asserts no 5xx and no write: every table's row count and content hash
 * (/dev/fingerprint) is the same before and after.
 *
 * It runs its own server on a fresh embedded database (PostgreSQL too when TEST_DATABASE_URL is
 * set): other journeys write in parallel to the shared one, and "no write" must be exact.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = path.join(ROOT, 'src/pages');
const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789';
/** Routes that answer an error status on purpose: the error page itself and the developer error throwers. */
const ERRORS_ON_PURPOSE = new Set(['/500', '/dev/error', '/api/dev/error']);
/** Developer aids (SHOW_DEV_PAGES=1, off in production) create test data from defaults: checked for no 5xx, not for no write. */
const isDevAid = (pattern: string) => pattern.startsWith('/dev/') || pattern.startsWith('/api/dev/');

interface Route {
  pattern: string;
  methods: string[];
  params: string[];
  /** An .astro page (it renders HTML the crawl reads). */
  page: boolean;
}

/** Every page and endpoint under src/pages with the methods it exports (Astro's own rules for `_` names). */
function discoverRoutes(): Route[] {
  const routes: Route[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const page = entry.name.endsWith('.astro');
      if (!page && !/\.(ts|js)$/.test(entry.name)) continue;
      if (/\.(test|spec)\.ts$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      let pattern = path
        .relative(PAGES, full)
        .split(path.sep)
        .join('/')
        .replace(/\.(astro|ts|js)$/, '');
      pattern = `/${pattern}`.replace(/\/index$/, '') || '/';
      const source = readFileSync(full, 'utf8');
      const exported = [
        ...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g),
      ].map((m) => m[1] as string);
      const methods = page ? ['GET', 'POST'] : exported.includes('ALL') ? ['GET', 'POST'] : exported;
      const params = [...pattern.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1] as string);
      routes.push({ pattern, methods, params, page });
    }
  };
  walk(PAGES);
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The tenants the suite runs on: each route gets its own tenant's ids and the other's. */
const TENANTS = [
  { slug: 'klinik', owner: 'owner@kliniksihat.my', password: 'demo-owner-klinik' },
  { slug: 'yayasan', owner: 'owner@kasihummah.org.my', password: 'demo-owner-yayasan' },
] as const;
type Tenant = (typeof TENANTS)[number];

/** Params no page links to: a gateway's name, a country flag, a language, a token only e-mails carry (well-formed, unknown). */
const FIXED_PARAMS: Record<string, string> = {
  provider: 'sandbox',
  iso: 'MY',
  code: 'ms',
  token: 'a'.repeat(43),
  kind: 'og',
};

/** Endpoints the islands call with the id of the page they are on: they take that page's ids. */
const SAME_IDS: Record<string, string> = {
  '/api/donations/campaigns/[id]/totals': '/donation/[id]',
  '/api/fundraisers/campaigns/[id]/leaderboard': '/donation/[id]',
  '/api/loyalty/[id]/me': '/loyalty/[id]',
  '/api/queue/tickets/[publicId]': '/queue/ticket/[publicId]',
};

/**
 * Dynamic routes no page links to and no setup here makes, each with why: they get unknown, bad
 * and the other tenant's ids only. A new route missing from the crawl and from here fails the suite.
 */
const NO_REAL_ID: Record<string, string> = {
  '/queue/ticket/[publicId]': 'a ticket is handed out by the kiosk, whose display code only staff see',
  '/api/queue/tickets/[publicId]': 'the ticket page’s endpoint (same reason)',
  '/account/fundraisers/[id]': 'a fundraiser page of the customer’s own, which the suite does not start (a write)',
  '/staff/fundraisers/[id]/identity': 'a fundraiser’s identity document, only uploaded with a fundraiser page',
  '/staff/loyalty/members/[id]': 'a loyalty member, which the suite’s customers are not',
};

/** A form value that is not UTF-8 (%C3 then "(": stored as "�(" before issue 23). */
const BAD_UTF8 = '\u0001BAD_UTF8\u0001';

/** The regular expression of a route pattern: `[id]` one segment, `[...id]` the rest. */
function routeRegex(pattern: string): RegExp {
  const parts = pattern.split(/(\[(?:\.\.\.)?\w+\])/);
  const source = parts
    .map((part) => {
      const param = /^\[(\.\.\.)?(\w+)\]$/.exec(part);
      if (param) return param[1] ? `(?<${param[2]}>.+)` : `(?<${param[2]}>[^/]+)`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The route a path (with or without a locale prefix) goes to: static segments win over dynamic ones. */
function matchRoute(routes: Route[], pathname: string): { route: Route; params: Record<string, string> } | null {
  const path = pathname.replace(/^\/(ms|id)(?=\/|$)/, '') || '/';
  let best: { route: Route; params: Record<string, string> } | null = null;
  for (const route of routes) {
    const match = routeRegex(route.pattern).exec(path);
    if (!match) continue;
    if (!best || route.params.length < best.route.params.length) best = { route, params: { ...match.groups } };
  }
  return best;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** Same-site addresses on a page (links, form actions, images, social-card URLs), without their fragment. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|action|src|content)="(?:https?:\/\/[^/"]+)?(\/[^"#]*)/g)].map((m) =>
    decodeEntities(m[1] as string),
  );
}

interface CrawledForm {
  action: string;
  /** name, value as rendered, input type */
  fields: [string, string, string][];
}

/** The POST forms of a page with their fields as rendered (checked boxes, selected options, text areas). */
function formsOf(html: string, pageTarget: string): CrawledForm[] {
  const forms: CrawledForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const tag = match[1] ?? '';
    if ((attribute(` ${tag}`, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const action = attribute(` ${tag}`, 'action') || pageTarget;
    if (!action.startsWith('/')) continue;
    const fields: [string, string, string][] = [];
    const inner = match[2] ?? '';
    for (const control of inner.matchAll(
      /<(input|textarea|select|button)\b([^>]*)>(?:([\s\S]*?)<\/(?:textarea|select)>)?/gi,
    )) {
      const [, element = '', attrs = '', content = ''] = control;
      const name = attribute(` ${attrs}`, 'name');
      if (!name) continue;
      const kind = element.toLowerCase();
      if (kind === 'input') {
        const type = (attribute(` ${attrs}`, 'type') ?? 'text').toLowerCase();
        if (['submit', 'button', 'file', 'image', 'reset'].includes(type)) continue;
        if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/i.test(attrs)) continue;
        fields.push([name, attribute(` ${attrs}`, 'value') ?? (type === 'checkbox' ? 'on' : ''), type]);
      } else if (kind === 'textarea') fields.push([name, decodeEntities(content), 'textarea']);
      else if (kind === 'select') {
        const options = [...content.matchAll(/<option\b([^>]*)>([^<]*)/gi)];
        const chosen = options.find((o) => /\sselected\b/i.test(o[1] ?? '')) ?? options[0];
        fields.push([
          name,
          chosen ? (attribute(` ${chosen[1]}`, 'value') ?? decodeEntities(chosen[2] ?? '')) : '',
          'select',
        ]);
      } else if (!fields.some(([n]) => n === name))
        fields.push([name, attribute(` ${attrs}`, 'value') ?? '', 'button']);
    }
    if (fields.length > 0) forms.push({ action, fields });
  }
  return forms;
}

/** A form body as the browser encodes it, with field `index` set to `replacement` (BAD_UTF8: bytes that are not UTF-8). */
function formBody(fields: [string, string, string][], index: number, replacement: string): Body {
  const encoded = fields
    .map(([name, value], i) => {
      const text = i === index ? replacement : value;
      return `${encodeURIComponent(name)}=${text === BAD_UTF8 ? `${encodeURIComponent(value)}%C3%28` : encodeURIComponent(text)}`;
    })
    .join('&');
  return { type: 'application/x-www-form-urlencoded', body: encoded };
}

const NUL = 'x\u0000y';
const BAD_PARAMS = [
  '%00',
  `a${'b'.repeat(3000)}`,
  'not-a-uuid',
  '%ZZ',
  '%C0%AF',
  '99999999999999999999999999999',
  '-1',
  '%F0%9F%92%A9x',
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-0000-0000-000000000000',
];
const BAD_QUERIES = [
  '',
  '?booking=%00&next=%00&to=%00',
  '?date=99999999-99-99&month=-1&booking=not-an-id&next=%2F%2Fevil.example&page=99999999999999999999',
  `?next=${'a'.repeat(6000)}`,
  '?%ZZ=1&q=%',
  '?booking=00000000-0000-0000-0000-000000000000&embed=%00',
];
/** Field names the app's forms and JSON bodies use, all given bad values at once. */
const FIELDS = [
  'action',
  'booking',
  'staffId',
  'invoice',
  'origins',
  'choice',
  'bank',
  'email',
  'password',
  'name',
  'phone',
  'channel',
  'destination',
  'code',
  'next',
  'notes',
  'address',
  'answers',
  'method',
  'coverFee',
  'slot',
  'startsAt',
  'resourceId',
  'serviceId',
  'date',
  'reason',
  'locale',
  'role',
  'token',
  'id',
  'type',
  'data',
  'service',
  'contact',
  'enabled',
];
/** Date fields of the app's forms (the crawl below finds each form's own date inputs too). */
const DATE_FIELDS = [
  'endsOn',
  'from',
  'to',
  'birthday',
  'valid_from',
  'valid_until',
  'received_on',
  'permit_valid_until',
  'starts_on',
  'ends_on',
];
const fill = <T>(value: T): Record<string, T> => Object.fromEntries(FIELDS.map((name) => [name, value]));

interface Body {
  type?: string;
  body?: string | Buffer;
}
const ACTION_BODIES: Body[] = ['approve', 'refunded', 'completed', 'disable', 'enable', 'invite'].map((action) => ({
  type: 'application/x-www-form-urlencoded',
  body: new URLSearchParams({ action, booking: 'not-a-uuid', staffId: 'not-a-uuid', invoice: '%00' }).toString(),
}));
const BODIES: Body[] = [
  {},
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '123456789012345678901234567890' },
  { type: 'application/json', body: JSON.stringify(fill(NUL)) },
  {
    type: 'application/json',
    body: JSON.stringify({ ...fill(NUL), channel: 'email', email: 'a@b.co', code: '123456' }),
  },
  { type: 'application/json', body: JSON.stringify(fill(1e308)) },
  { type: 'application/json', body: JSON.stringify(fill({ nested: [1, { deep: NUL }] })) },
  { type: 'application/json', body: JSON.stringify(fill('HUGE')).replaceAll('"HUGE"', '-90071992547409930000001') },
  { type: 'application/json', body: JSON.stringify(fill(true)) },
  {
    type: 'application/json',
    body: JSON.stringify({ id: `evt_${NUL}`, type: 'charge.succeeded', data: { paymentId: NUL } }),
  },
  { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fill(NUL)).toString() },
  { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fill('a'.repeat(20_000))).toString() },
  // Real actions with ids that are not ids (and no field that would make the action valid).
  ...ACTION_BODIES,
  { type: 'application/x-www-form-urlencoded', body: '%ZZ=%ZZ&origins=%00' },
  { type: 'application/x-www-form-urlencoded', body: '' },
  {
    type: 'multipart/form-data; boundary=fuzz',
    body: `--fuzz\r\nContent-Disposition: form-data; name="origins"\r\n\r\n${NUL}\r\n--fuzz--\r\n`,
  },
  { type: 'multipart/form-data; boundary=fuzz', body: '--broken' },
  { type: 'text/plain', body: 'origins=' },
  // Text that is not UTF-8: escaped, and as raw bytes; in JSON as raw bytes.
  {
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(fill('x')).toString().replaceAll('=x', '=caf%C3%28'),
  },
  {
    type: 'application/x-www-form-urlencoded',
    body: Buffer.concat([Buffer.from('name=a'), Buffer.from([0xff, 0xfe]), Buffer.from('&notes=b')]),
  },
  {
    type: 'application/json',
    body: Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xc3, 0x28]), Buffer.from('","email":"x"}')]),
  },
  // Dates that do not exist, in every field a date could be in.
  {
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({
      ...Object.fromEntries(DATE_FIELDS.map((f) => [f, '2026-02-31'])),
    }).toString(),
  },
  {
    type: 'application/json',
    body: JSON.stringify({ ...Object.fromEntries(DATE_FIELDS.map((f) => [f, '2026-02-31'])) }),
  },
  { type: 'image/jpeg', body: '\u0000\u0001\u0002' },
];

/** One body per field of `seed` and bad value: NUL, overlong, a huge number, an object, NUL inside an object. */
function mutations(seed: Record<string, unknown> | undefined): Body[] {
  if (!seed) return [];
  const bad: unknown[] = [NUL, 'a'.repeat(5000), 1e308, { x: 1 }, { line1: NUL }, [NUL]];
  return Object.keys(seed).flatMap((field) =>
    bad.map((value) => ({ type: 'application/json', body: JSON.stringify({ ...seed, [field]: value }) })),
  );
}

interface Answer {
  status: number;
  setCookie: string[];
  body: string;
}

function send(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  limit = 2000,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        if (text.length < limit) text += chunk;
      });
      res.on('end', () => {
        const cookies = res.headers['set-cookie'] ?? [];
        resolve({ status: res.statusCode ?? 0, setCookie: cookies, body: text });
      });
      res.on('error', () => resolve({ status: 0, setCookie: [], body: 'response error' }));
    });
    req.on('error', (error) => resolve({ status: 0, setCookie: [], body: String(error) }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

interface Server {
  port: number;
  process: ChildProcess;
  log: string[];
}

/** Our own server (scripts/serve.mjs) on a free port and a fresh database. */
async function startServer(databaseUrl: string): Promise<Server> {
  const log: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'serambi-fuzz-')),
      DATABASE_URL: databaseUrl,
      DEMO_DATA: '1',
      // A test server, not a production deployment: on PostgreSQL an unset NODE_ENV counts as
      // production, which closes the developer aids this suite makes its test data with.
      NODE_ENV: 'test',
      SHOW_DEV_PAGES: '1',
      TRUST_PROXY: '0',
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 60_000);
    const read = (chunk: Buffer) => {
      log.push(chunk.toString());
      const match = /listening on https?:\/\/[^:\s]+:(\d+)/i.exec(log.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log.join('')}`)));
  });
  return { port, process: child, log };
}

function cookieOf(answer: Answer): string {
  return answer.setCookie.map((c) => c.split(';')[0]).join('; ');
}

/** Runs `tasks` with at most `width` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

const databases: { name: string; url: string }[] = [{ name: 'embedded PGlite', url: '' }];
if (process.env.TEST_DATABASE_URL) databases.push({ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL });

for (const database of databases) {
  test(`fuzz: malformed input to every route is a 4xx and writes nothing (${database.name})`, async () => {
    test.setTimeout(900_000);
    let url = database.url;
    let dropDatabase: (() => Promise<void>) | undefined;
    if (url) {
      // A database of its own, dropped afterwards.
      const name = `serambi_fuzz_${process.pid}_${Date.now()}`;
      const admin = new URL(url);
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: admin.href });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      const own = new URL(url);
      own.pathname = `/${name}`;
      url = own.href;
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: admin.href });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
    }
    const server = await startServer(url);
    try {
      const host = `klinik.localhost:${server.port}`;
      const origin = `http://${host}`;
      const base = { Host: host, Origin: origin };
      const call = (method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer) =>
        send(server.port, method, target, { ...base, ...headers }, body);

      // Real ids to put malformed input next to: a booking with an invoice and a started card payment.
      const booked = await call(
        'POST',
        '/dev/bookings',
        { 'Content-Type': 'application/json' },
        JSON.stringify({ service: 'general-consultation', startCardPayment: true }),
      );
      expect(booked.status, booked.body).toBe(200);
      const made = JSON.parse(booked.body) as {
        publicId: string;
        invoicePublicId: string;
        paymentUrl: string;
        serviceId: string;
        startsAt: string;
        resourceId: string;
      };
      const real: Record<string, string> = {
        id: 'general-consultation',
        serviceId: made.serviceId,
        pid: made.resourceId,
        paymentId: made.paymentUrl.split('/').pop() ?? '',
        provider: 'sandbox',
        iso: 'MY',
        code: 'ms',
        token: 'a'.repeat(43),
      };
      const realFor = (route: Route, param: string) =>
        param === 'publicId'
          ? route.pattern.startsWith('/invoices') || route.pattern.startsWith('/api/invoices')
            ? made.invoicePublicId
            : made.publicId
          : (real[param] ?? 'x');

      // A logged-in customer and a staff owner, on each tenant.
      const login = async (tenant: Tenant) => {
        const tenantBase = {
          Host: `${tenant.slug}.localhost:${server.port}`,
          Origin: `http://${tenant.slug}.localhost:${server.port}`,
        };
        const on = (method: string, target: string, headers: Record<string, string> = {}, body?: string) =>
          send(server.port, method, target, { ...tenantBase, ...headers }, body);
        const email = `fuzz.customer.${tenant.slug}@example.my`;
        const asked = await on(
          'POST',
          '/api/auth/code',
          { 'Content-Type': 'application/json' },
          JSON.stringify({ channel: 'email', email }),
        );
        expect(asked.status, asked.body).toBe(200);
        let code = '';
        await expect
          .poll(async () => {
            const outbox = JSON.parse((await on('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).body) as {
              text: string;
            }[];
            code = /\b(\d{6})\b/.exec(outbox.at(-1)?.text ?? '')?.[1] ?? '';
            return code;
          })
          .toMatch(/^\d{6}$/);
        const verified = await on(
          'POST',
          '/api/auth/verify',
          { 'Content-Type': 'application/json' },
          JSON.stringify({ channel: 'email', destination: email, code }),
        );
        expect(verified.status, verified.body).toBe(200);
        const staffLogin = await on(
          'POST',
          '/staff/login',
          { 'Content-Type': 'application/x-www-form-urlencoded' },
          new URLSearchParams({ email: tenant.owner, password: tenant.password }).toString(),
        );
        expect(staffLogin.status).toBe(303);
        return { email, roles: { anonymous: '', customer: cookieOf(verified), staff: cookieOf(staffLogin) } };
      };
      const sessions = {
        klinik: await login(TENANTS[0]),
        yayasan: await login(TENANTS[1]),
      } satisfies Record<Tenant['slug'], unknown>;
      const email = sessions.klinik.email;
      // Well-formed bodies of the main endpoints, each field then made bad one at a time (below), so
      // the bad value reaches past the other fields' checks. A route without a seed still gets BODIES.
      const seeds: Record<string, Record<string, unknown>> = {
        'POST /api/bookings': {
          serviceId: made.serviceId,
          resourceId: 'any',
          start: made.startsAt,
          name: 'Fuzz Visitor',
          phone: '60123456789',
          email: 'fuzz@example.my',
          address: { line1: 'Jalan 1', postcode: '50000', city: 'KL', state: 'WP', country: 'MY' },
          answers: {},
          notes: 'notes',
        },
        'POST /api/auth/verify': { channel: 'email', destination: email, code: '123456' },
        'POST /api/account/contact/verify': { channel: 'email', email: 'other@example.my', code: '123456' },
        'POST /api/bookings/[publicId]/reschedule': { resourceId: 'any', start: made.startsAt },
        'POST /api/invoices/[publicId]/payments': { method: 'card', coverFees: false },
      };
      type Role = 'anonymous' | 'customer' | 'staff';

      const routes = discoverRoutes();
      expect(routes.length).toBeGreaterThan(40);

      const fillPattern = (route: Route, value: (param: string) => string) =>
        route.pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => value(name));
      // Crawl each tenant as each role: the links give real ids for the dynamic routes, the forms
      // are posted back below with one field made bad.
      const found = new Map<string, Map<string, Record<string, string>>>(); // tenant → pattern → params
      const forms: (CrawledForm & { tenant: Tenant['slug']; role: Role; pattern: string })[] = [];
      const seenForms = new Set<string>();
      for (const tenant of TENANTS) {
        const ids = new Map<string, Record<string, string>>();
        found.set(tenant.slug, ids);
        for (const role of ['anonymous', 'customer', 'staff'] as const) {
          const headers: Record<string, string> = { Host: `${tenant.slug}.localhost:${server.port}` };
          const cookie = sessions[tenant.slug].roles[role];
          if (cookie) headers.Cookie = cookie;
          const visited = new Set<string>();
          const visit = async (target: string) => {
            if (visited.has(target)) return;
            visited.add(target);
            const page = await send(server.port, 'GET', target, headers, undefined, 400_000);
            if (page.status !== 200 || !page.body.includes('<html')) return;
            for (const link of linksOf(page.body)) {
              const match = matchRoute(routes, link.split('?')[0] ?? '');
              if (match && match.route.params.length > 0 && !ids.has(match.route.pattern))
                ids.set(match.route.pattern, match.params);
            }
            for (const form of formsOf(page.body, target)) {
              const match = matchRoute(routes, form.action.split('?')[0] ?? '');
              if (!match || /logout/.test(form.action) || form.fields.some(([, value]) => value === 'logout')) continue;
              const key = `${tenant.slug} ${role} ${match.route.pattern} ${form.fields.map(([name]) => name).join(',')}`;
              if (seenForms.has(key)) continue;
              seenForms.add(key);
              forms.push({ ...form, tenant: tenant.slug, role, pattern: match.route.pattern });
            }
          };
          const pages = routes.filter(
            (route) =>
              route.page &&
              route.params.length === 0 &&
              !isDevAid(route.pattern) &&
              !ERRORS_ON_PURPOSE.has(route.pattern),
          );
          await pool(
            pages.map((route) => () => visit(route.pattern)),
            4,
          );
          // One instance of each dynamic page the links led to, and of those its links lead to.
          const crawled = new Set<string>();
          for (let round = 0; round < 4; round++) {
            const dynamic = routes.filter(
              (route) => route.page && ids.has(route.pattern) && !crawled.has(route.pattern),
            );
            if (dynamic.length === 0) break;
            for (const route of dynamic) crawled.add(route.pattern);
            await pool(
              dynamic.map(
                (route) => () => visit(fillPattern(route, (param) => ids.get(route.pattern)?.[param] ?? 'x')),
              ),
              4,
            );
          }
        }
      }
      // The ids of the booking made above (klinik), and values no link carries.
      const klinikIds = found.get('klinik') as Map<string, Record<string, string>>;
      for (const route of routes) {
        if (route.params.length === 0) continue;
        // Only the routes of that booking, its invoice and its payment (an `[id]` elsewhere is another record).
        const ofTheBooking =
          /^\/(api\/)?(appointments?|bookings|invoices|staff\/bookings)\/|^\/pay\/sandbox\/|^\/review\/\[pid\]/.test(
            route.pattern,
          );
        if (ofTheBooking && route.params.every((param) => param in real || param === 'publicId'))
          klinikIds.set(route.pattern, {
            ...Object.fromEntries(route.params.map((param) => [param, realFor(route, param)])),
            ...klinikIds.get(route.pattern),
          });
      }
      const idsFor = (tenant: Tenant['slug'], route: Route): Record<string, string> | undefined => {
        const crawled = found.get(tenant)?.get(route.pattern) ?? found.get(tenant)?.get(SAME_IDS[route.pattern] ?? '');
        if (crawled) return crawled;
        // A page under a crawled one takes its ids (`/donation/[id]/checkout` those of `/donation/[id]`).
        const parents = [...(found.get(tenant)?.entries() ?? [])]
          .filter(
            ([pattern, params]) => route.pattern.startsWith(`${pattern}/`) && route.params.every((p) => p in params),
          )
          .sort(([a], [b]) => b.length - a.length);
        if (parents[0]) return parents[0][1];
        // Values no link carries (a gateway's name, a country code, a token only e-mails hold).
        if (route.params.every((param) => FIXED_PARAMS[param] !== undefined))
          return Object.fromEntries(route.params.map((param) => [param, FIXED_PARAMS[param] as string]));
        return undefined;
      };

      // A route file with no case fails the suite: every method sent, every dynamic route given real ids.
      const uncovered = routes
        .filter(
          (route) =>
            route.methods.length === 0 ||
            (route.params.length > 0 &&
              !idsFor('klinik', route) &&
              !idsFor('yayasan', route) &&
              NO_REAL_ID[route.pattern] === undefined),
        )
        .map((route) => `${route.pattern} (${route.methods.length === 0 ? 'no method found' : 'no real id found'})`);

      interface Shot {
        tenant: Tenant['slug'];
        role: Role;
        method: string;
        target: string;
        body?: Body;
        pattern: string;
      }
      const shots: Shot[] = [];
      for (const tenant of TENANTS.map((t) => t.slug)) {
        const other = tenant === 'klinik' ? 'yayasan' : 'klinik';
        for (const route of routes) {
          const access = accessFor(route.pattern.replace(/\[[^\]]+\]/g, 'x'));
          const who: Role[] =
            access === 'customer'
              ? ['anonymous', 'customer']
              : access === 'public'
                ? ['anonymous']
                : ['anonymous', 'staff'];
          // Bodies to public routes are also sent as a logged-in customer (bookings, payments, the
          // loyalty and fundraiser forms, which read the form before looking the record up).
          if (access === 'public' && route.methods.some((m) => m !== 'GET')) who.push('customer');
          const own = idsFor(tenant, route);
          const theirs = idsFor(other, route);
          for (const role of who) {
            for (const method of route.methods) {
              // Logging out with an empty body is a valid request: it would end the role's session.
              if (role !== 'anonymous' && route.pattern === '/api/auth/logout') continue;
              const bodies = method === 'GET' ? [undefined] : BODIES;
              let n = 0;
              // Malformed and unknown params, with and without a locale prefix, cycling through queries and bodies.
              const values = route.params.length > 0 ? BAD_PARAMS : [''];
              for (const prefix of ['', '/ms', '/id']) {
                for (const value of values) {
                  const query = BAD_QUERIES[n % BAD_QUERIES.length];
                  const body = bodies[n % bodies.length];
                  n += 1;
                  shots.push({
                    tenant,
                    role,
                    method,
                    target: prefix + fillPattern(route, () => value) + query,
                    body,
                    pattern: route.pattern,
                  });
                }
              }
              // Real params with every malformed query or body.
              if (route.params.length > 0 || method !== 'GET') {
                const target = fillPattern(route, (param) => own?.[param] ?? 'x');
                if (method === 'GET')
                  for (const query of BAD_QUERIES)
                    shots.push({ tenant, role, method, target: target + query, pattern: route.pattern });
                else
                  for (const body of [...BODIES, ...mutations(seeds[`${method} ${route.pattern}`])]) {
                    // An action alone is a valid request where the record's real id is in the address
                    // (a staff owner approving a fundraiser): those go to unknown and other tenants' ids.
                    if (route.params.length > 0 && ACTION_BODIES.includes(body)) continue;
                    shots.push({ tenant, role, method, target, body, pattern: route.pattern });
                  }
              }
              // The other tenant's ids: never its records.
              if (theirs && route.params.length > 0) {
                const target = fillPattern(route, (param) => theirs[param] ?? 'x');
                const sent =
                  method === 'GET'
                    ? [undefined]
                    : [
                        ...BODIES.slice(0, 2),
                        ...BODIES.filter((b) => b.type?.startsWith('application/x-www-form-urlencoded')),
                      ];
                for (const body of sent) shots.push({ tenant, role, method, target, body, pattern: route.pattern });
              }
            }
            // Methods no route answers.
            for (const method of ['TRACE', 'TRACK', 'FOO', 'PROPFIND']) {
              for (const prefix of ['', '/ms']) {
                shots.push({
                  tenant,
                  role,
                  method,
                  target: prefix + fillPattern(route, (param) => own?.[param] ?? 'x'),
                  pattern: route.pattern,
                });
              }
            }
          }
        }
      }
      // Every form the crawl found, as rendered, with one field made bad at a time; also posted to
      // the other tenant (its ids are unknown there).
      let formShots = 0;
      for (const form of forms) {
        for (const [index, [name, value, type]] of form.fields.entries()) {
          if (type === 'hidden' && name === 'idempotencyKey') continue;
          const bad = [`${value}\u0000`, BAD_UTF8, ...(type === 'date' ? ['2026-02-31'] : [])];
          for (const replacement of bad) {
            const body = formBody(form.fields, index, replacement);
            for (const tenant of [form.tenant, form.tenant === 'klinik' ? 'yayasan' : 'klinik'] as const) {
              shots.push({ tenant, role: form.role, method: 'POST', target: form.action, body, pattern: form.pattern });
              formShots += 1;
            }
          }
        }
      }
      for (const target of ['/_astro/missing-chunk.js', '/ms/_astro/missing-chunk.js'])
        shots.push({ tenant: 'klinik', role: 'anonymous', method: 'GET', target, pattern: '/_astro/*' });

      const fingerprint = async () =>
        JSON.parse((await call('GET', '/dev/fingerprint')).body) as Record<string, string>;
      const fire = (batch: Shot[]) =>
        pool(
          batch.map((shot) => async () => {
            const host = `${shot.tenant}.localhost:${server.port}`;
            const headers: Record<string, string> = { Host: host, Origin: `http://${host}` };
            const cookie = sessions[shot.tenant].roles[shot.role];
            if (cookie) headers.Cookie = cookie;
            if (shot.body?.type) headers['Content-Type'] = shot.body.type;
            if (shot.body?.body !== undefined && shot.pattern === '/api/webhooks/[provider]') {
              // Signed as the sandbox gateway signs: the body itself must be refused, not its signature.
              const t = Math.floor(Date.now() / 1000);
              const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${shot.body.body}`, 'utf8').digest('hex');
              headers['Serambi-Sandbox-Signature'] = `t=${t},v1=${v1}`;
            }
            const answer = await call(shot.method, shot.target, headers, shot.body?.body);
            return { shot, answer };
          }),
          6,
        );
      const started = Date.now();
      const before = await fingerprint();
      const answers = await fire(shots.filter((shot) => !isDevAid(shot.pattern)));
      const after = await fingerprint();
      answers.push(...(await fire(shots.filter((shot) => isDevAid(shot.pattern)))));
      const seconds = (Date.now() - started) / 1000;

      const statuses: Record<string, number> = {};
      for (const { answer } of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const failures = answers
        .filter(
          ({ shot, answer }) => (answer.status >= 500 || answer.status === 0) && !ERRORS_ON_PURPOSE.has(shot.pattern),
        )
        .map(
          ({ shot, answer }) =>
            `${answer.status} ${shot.tenant} ${shot.role} ${shot.method} ${shot.target.slice(0, 120)} ${shot.body?.type ?? ''} ${(shot.body?.body ?? '').slice(0, 60)}`,
        );
      const onPurpose = answers.filter(
        ({ shot, answer }) => answer.status >= 500 && ERRORS_ON_PURPOSE.has(shot.pattern),
      );
      console.log(
        `  5xx on purpose (error pages): ${onPurpose.length}, from ${[...new Set(onPurpose.map(({ shot }) => shot.pattern))].join(', ')}`,
      );
      // The database's refusal (SQLSTATE class 22) is a net: input should be refused before any query.
      const caughtLate = server.log
        .join('')
        .split('\n')
        .filter((line) => line.includes('input refused by the database'))
        .map((line) => {
          const { path: where, method, code } = JSON.parse(line) as { path: string; method: string; code: string };
          return `${method} ${where} ${code}`;
        });
      console.log(`  refused only by the database: ${JSON.stringify([...new Set(caughtLate)])}`);
      const astro = answers.filter(({ shot }) => shot.pattern === '/_astro/*').map(({ answer }) => answer.status);
      console.log(
        `fuzz (${database.name}): ${answers.length} requests to ${routes.length} routes on ${TENANTS.length} tenants in ${seconds.toFixed(1)}s; statuses ${JSON.stringify(statuses)}`,
      );
      const withIds = routes.filter((route) => route.params.length > 0);
      console.log(
        `  dynamic routes with real ids: klinik ${withIds.filter((r) => idsFor('klinik', r)).length}/${withIds.length}, yayasan ${withIds.filter((r) => idsFor('yayasan', r)).length}/${withIds.length}; forms crawled ${forms.length} (${new Set(forms.map((f) => f.pattern)).size} routes), ${formShots} form posts with one bad field`,
      );
      const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
      // FUZZ_DEBUG=<file>: every POST that was not refused, to find which one wrote.
      if (process.env.FUZZ_DEBUG)
        writeFileSync(
          process.env.FUZZ_DEBUG,
          answers
            .filter(({ shot, answer }) => shot.method === 'POST' && answer.status < 400 && !isDevAid(shot.pattern))
            .map(
              ({ shot, answer }) =>
                `${answer.status} ${shot.tenant} ${shot.role} ${shot.target} ${String(shot.body?.body ?? '').slice(0, 300)}`,
            )
            .join('\n'),
        );
      console.log(
        `  route files without a case: ${JSON.stringify(uncovered)}; 5xx and dropped answers: ${failures.length}; tables written: ${JSON.stringify(changed)}`,
      );
      expect(failures, server.log.join('').slice(-4000)).toEqual([]);
      expect(uncovered, 'route files the suite has no case for').toEqual([]);
      expect(astro).toEqual([404, 404]);
      expect(caughtLate, 'input that reached the database before a parser refused it').toEqual([]);
      expect(changed, 'tables written by malformed requests').toEqual([]);
    } finally {
      server.process.kill();
      await dropDatabase?.();
    }
  });
}

test('a form post refused after its body was read shows the error page with its status in the visitor’s language, and a malformed embed post changes nothing', async () => {
  const host = `yayasan.localhost:${PORT}`;
  const base = { Host: host, Origin: `http://${host}` };
  const formType = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const login = await send(
    PORT,
    'POST',
    '/staff/login',
    { ...base, ...formType },
    new URLSearchParams({ email: 'owner@kasihummah.org.my', password: 'demo-owner-yayasan' }).toString(),
  );
  expect(login.status).toBe(303);
  const owner = { ...base, Cookie: cookieOf(login) };
  const saved = await send(
    PORT,
    'POST',
    '/staff/embed',
    { ...owner, ...formType },
    'origins=https%3A%2F%2Fkeep.example',
  );
  expect(saved.status).toBe(200);

  // readForm reads the body, then refuses the NUL: the error page is rendered by a fresh GET rewrite.
  const nul = await send(PORT, 'POST', '/ms/staff/embed', { ...owner, ...formType }, 'origins=a%00b');
  expect(nul.status).toBe(400);
  expect(nul.body).toContain('Permintaan ini mengandungi aksara atau nilai yang tidak dibenarkan.');

  for (const [type, body] of [
    ['application/json', '{"origins":[]}'],
    ['application/x-www-form-urlencoded', ''],
    ['text/plain', 'origins='],
  ] as const) {
    const malformed = await send(PORT, 'POST', '/staff/embed', { ...owner, 'Content-Type': type }, body);
    expect(malformed.status, `${type} ${body}`).toBe(400);
  }
  const page = await send(PORT, 'GET', '/staff/embed', owner);
  expect(page.body).toContain('https://keep.example');
});

test('a page that reads its form, then finds no record, answers its 404 (the rewrite after a read was a 500)', async () => {
  const host = `klinik.localhost:${PORT}`;
  const base = { Host: host, Origin: `http://${host}`, 'X-Forwarded-For': `198.51.100.${Date.now() % 250}` };
  const email = `rewrite.${Date.now()}@example.my`;
  const asked = await send(
    PORT,
    'POST',
    '/api/auth/code',
    { ...base, 'Content-Type': 'application/json' },
    JSON.stringify({ channel: 'email', email }),
  );
  const code = (JSON.parse(asked.body) as { devCode?: string }).devCode ?? '';
  const verified = await send(
    PORT,
    'POST',
    '/api/auth/verify',
    { ...base, 'Content-Type': 'application/json' },
    JSON.stringify({ channel: 'email', destination: email, code }),
  );
  expect(verified.status, verified.body).toBe(200);
  const customer = { ...base, Cookie: cookieOf(verified), 'Content-Type': 'application/x-www-form-urlencoded' };
  for (const [target, heading] of [
    ['/loyalty/00000000-0000-0000-0000-000000000000/rewards', '404 Not Found'],
    ['/ms/loyalty/not-a-programme/rewards', '404 Tidak Ditemui'],
  ] as const) {
    const answer = await send(PORT, 'POST', target, customer, 'reward=x&action=redeem', 100_000);
    expect(answer.status, target).toBe(404);
    expect(answer.body).toContain(heading);
  }
});

test('a NUL byte in a donation field comes back as that field’s error, with every value typed (Malay, without JavaScript)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.101.${Date.now() % 250}` },
  });
  const page = await context.newPage();
  const landing = await send(PORT, 'GET', '/ms/donation', { Host: `yayasan.localhost:${PORT}` }, undefined, 400_000);
  const campaign = /href="\/ms\/donation\/([A-Za-z0-9_-]+)"/.exec(landing.body)?.[1];
  expect(campaign).toBeTruthy();
  await page.goto(`http://yayasan.localhost:${PORT}/ms/donation/${campaign}/form`);
  await page.getByLabel(/^Jumlah lain/).fill('30');
  await page.getByLabel('Nama penuh').fill('Siti Aminah');
  await page.getByLabel('Nombor telefon').fill('012-3456789');
  await page.getByLabel('Mesej (pilihan)').fill('Semoga berkat');
  // The browser cannot type NUL: the post is changed on its way, as a client could send it.
  await page.route('**/form', async (route) => {
    const body = route.request().postData() ?? '';
    await route.continue({ postData: body.replace('name=Siti+Aminah', 'name=Siti%00+Aminah') });
  });
  const posted = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Derma sekarang' }).click();
  expect((await posted).status()).toBe(400);
  await expect(page.getByRole('alert').first()).toHaveText('Sila betulkan ruangan yang ditanda di bawah.');
  await expect(page.locator('#name-error')).toHaveText('Ruangan ini mengandungi aksara yang tidak dibenarkan');
  await expect(page.getByLabel('Nama penuh')).toHaveValue('Siti Aminah');
  await expect(page.getByLabel('Nombor telefon')).toHaveValue('012-3456789');
  await expect(page.getByLabel('Mesej (pilihan)')).toHaveValue('Semoga berkat');
  await expect(page.getByLabel(/^Jumlah lain/)).toHaveValue('30');
  await context.close();
});
