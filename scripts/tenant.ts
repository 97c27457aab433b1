// `npm run tenant -- <command>`: the operator's door to organisations (docs/manual/onboarding.md).
// Uses DATABASE_URL (PostgreSQL, the servers may run) or the embedded database in DATA_DIR
// (./data; stop the server first: the embedded database has one process). Wrong input prints
// what is wrong and exits 1, having written nothing.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { composeApp } from '#app.server';
import { openDatabase } from '#db/client.server.ts';
import {
  addTenantHost,
  checkNewTenant,
  createTenant,
  type InputProblem,
  listTenants,
  removeTenantHost,
  setTenantDisabled,
  type TenantChange,
} from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';

const USAGE = `Usage: npm run tenant -- <command>

  create --name "Klinik Example" --kind clinic|foundation --host klinik.example.my [--host …]
         --currency MYR|IDR --language en|ms|id --time-zone Asia/Kuala_Lumpur
         --owner owner@example.my [--owner-name "Dr. Aina"] [--slug klinik-example] [--port 4321]
  list [--json]
  add-host <slug|host> <new host>
  remove-host <slug|host> <host>
  disable <slug|host>
  enable <slug|host>

DATABASE_URL names PostgreSQL; without it the embedded database in DATA_DIR (./data) is used,
with the server stopped.`;

// Operators read English; the same message keys show in the staff member's language on screens.
const t = translator('en');

function fail(problems: InputProblem[]): never {
  for (const problem of problems) console.error(`error: ${t(problem.key, { value: problem.value })}`);
  process.exit(1);
}

function usage(message?: string): never {
  if (message) console.error(`error: ${message}\n`);
  console.error(USAGE);
  process.exit(message ? 1 : 0);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      slug: { type: 'string' },
      kind: { type: 'string' },
      host: { type: 'string', multiple: true },
      currency: { type: 'string' },
      language: { type: 'string' },
      'time-zone': { type: 'string' },
      owner: { type: 'string' },
      'owner-name': { type: 'string' },
      port: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  usage((error as Error).message);
}
const { values, positionals } = parsed;
const [command, ...rest] = positionals;
if (values.help || !command || command === 'help') usage();
const COMMANDS = ['create', 'list', 'add-host', 'remove-host', 'disable', 'enable'];
if (!COMMANDS.includes(command)) usage(`unknown command "${command}"`);
const arity: Record<string, number> = { create: 0, list: 0, 'add-host': 2, 'remove-host': 2, disable: 1, enable: 1 };
if (rest.length !== arity[command]) usage(`${command} takes ${arity[command]} argument(s), got ${rest.length}`);
const port = Number(values.port ?? process.env.PORT ?? 4321);
if (!Number.isInteger(port) || port < 1 || port > 65535) usage(`--port must be a port number, got "${values.port}"`);

const input = {
  name: values.name,
  slug: values.slug,
  kind: values.kind,
  hosts: values.host ?? [],
  currency: values.currency,
  language: values.language,
  timeZone: values['time-zone'],
  owner: values.owner,
  ownerName: values['owner-name'],
};
// Checked before the database opens: wrong input never creates even an empty database.
if (command === 'create') {
  const checked = checkNewTenant(input);
  if (!checked.ok) fail(checked.problems);
}

composeApp();
const database = process.env.DATABASE_URL
  ? await openDatabase({ url: process.env.DATABASE_URL })
  : await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR || './data') });
const db = database.db;

function changed(result: TenantChange, done: string): void {
  if (!result.ok) fail(result.problems);
  console.log(`${result.tenant.name} (${result.tenant.slug}): ${done}`);
}

try {
  const [target = '', host = ''] = rest;
  switch (command) {
    case 'create': {
      const result = await createTenant(db, input, { port });
      if (!result.ok) fail(result.problems);
      const { tenant, owner } = result;
      const kind = tenant.kind === 'clinic' ? 'clinic' : 'foundation';
      console.log(
        `Created ${tenant.name} (${tenant.slug}): a ${kind}, ${tenant.currency.code}, ${tenant.defaultLocale} by default, ${tenant.timeZone}.`,
      );
      console.log(
        `Host: ${tenant.primaryHost} (primary)${values.host && values.host.length > 1 ? ` and ${values.host.length - 1} more` : ''}`,
      );
      console.log(`Owner ${owner.email} is invited; the link is valid 72 hours and is e-mailed through the outbox:`);
      console.log(`  ${owner.link}`);
      break;
    }
    case 'list': {
      const tenants = await listTenants(db);
      if (values.json) {
        console.log(JSON.stringify(tenants, null, 2));
        break;
      }
      if (tenants.length === 0) console.log('No organisations yet: npm run tenant -- create … adds one.');
      for (const tenant of tenants) {
        const kind = tenant.kind === 'clinic' ? 'clinic' : 'foundation';
        const state = tenant.disabledAt ? '  DISABLED' : '';
        console.log(
          `${tenant.slug}\t${tenant.name}\t${kind}\t${tenant.currency}\t${tenant.language}\t${tenant.hosts.join(', ')}${state}`,
        );
      }
      break;
    }
    case 'add-host':
      changed(await addTenantHost(db, target, host), `added ${host}`);
      break;
    case 'remove-host':
      changed(await removeTenantHost(db, target, host), `removed ${host}`);
      break;
    case 'disable':
      changed(await setTenantDisabled(db, target, true), 'disabled: its hosts answer like unknown ones');
      break;
    case 'enable':
      changed(await setTenantDisabled(db, target, false), 'enabled');
      break;
  }
} finally {
  await database.close();
}
