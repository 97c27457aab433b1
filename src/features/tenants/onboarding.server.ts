// The operator's use cases (`npm run tenant`, scripts/tenant.ts): create an organisation with its
// first owner, list them, add and remove host names, disable and enable one. Each runs in one
// transaction: a refusal writes nothing.
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { inviteStaff } from '#features/auth/index.server.ts';
import { LOCALES, type LocalizedText } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { type AfterCommit, events } from '#server/events/index.ts';
import {
  checkNewTenant,
  hostNameProblem,
  type InputProblem,
  type NewTenantInput,
  normalizeNewHost,
  originFor,
} from './onboarding-rules';
import type { Tenant } from './tenant';
import {
  deleteTenantHost,
  findTenantById,
  findTenantRef,
  hostsOf,
  insertTenant,
  insertTenantHost,
  listTenantRows,
  setTenantDisabledAt,
  slugTaken,
  type TenantListing,
  type TenantRef,
  takenHosts,
} from './tenant-repo.server';

export type Refused = { ok: false; problems: InputProblem[] };
const refused = (field: InputProblem['field'], key: InputProblem['key'], value = ''): Refused => ({
  ok: false,
  problems: [{ field, key, value }],
});

export type CreateTenantResult = { ok: true; tenant: Tenant; owner: { email: string; link: string } } | Refused;

/** The counter's default instructions, in every language (the owner rewrites them later). */
function counterInstructions(): LocalizedText {
  return Object.fromEntries(LOCALES.map((l) => [l, translator(l)('tenant.counterInstructions')])) as LocalizedText;
}

/**
 * Creates the organisation: its row, settings (counter payment only, the black theme, its
 * language and currency), host names, and its first owner as a staff invitation, exactly as
 * /staff/team invites (the link is valid 72 hours, and its e-mail is queued in the outbox).
 * The link is on the primary host; `port` is added for a `*.localhost` one (a developer's machine).
 */
export async function createTenant(
  db: Db,
  input: NewTenantInput,
  options: { port?: number; now?: Date } = {},
): Promise<CreateTenantResult> {
  const checked = checkNewTenant(input);
  if (!checked.ok) return checked;
  const fresh = checked.value;
  return transaction(db, async (tx): Promise<CreateTenantResult> => {
    const problems: InputProblem[] = [];
    if (await slugTaken(tx, fresh.slug))
      problems.push({ field: 'slug', key: 'tenant.error.slugTaken', value: fresh.slug });
    for (const host of await takenHosts(tx, fresh.hosts)) {
      problems.push({ field: 'host', key: 'tenant.error.hostTaken', value: host });
    }
    if (problems.length > 0) return { ok: false, problems };
    const id = await insertTenant(tx, fresh, counterInstructions());
    const tenant = await findTenantById(tx, id);
    if (!tenant) throw new Error('created tenant not found');
    const invited = await inviteStaff(tx, {
      tenant,
      name: fresh.ownerName,
      email: fresh.ownerEmail,
      role: 'owner',
      locale: fresh.language,
      origin: originFor(tenant.primaryHost, options.port),
      ...(options.now ? { now: options.now } : {}),
    });
    if (!invited.ok) throw new Error('a new organisation already had its owner');
    return { ok: true, tenant, owner: { email: fresh.ownerEmail, link: invited.link } };
  });
}

export function listTenants(db: Db): Promise<TenantListing[]> {
  return listTenantRows(db);
}

/**
 * What changed is announced as `tenant.changed` in the change's transaction: every running
 * instance drops the tenant's pages and its host cache (NOTIFY, delivered on commit). The
 * after-commit work drops this process's own; the operator's command has none to drop.
 */
export type TenantChange = { ok: true; tenant: TenantRef; after: AfterCommit[] } | Refused;

async function changeTenant(
  db: Db,
  slugOrHost: string,
  change: (tx: Db, tenant: TenantRef) => Promise<Refused | undefined>,
): Promise<TenantChange> {
  const name = normalizeNewHost(slugOrHost);
  return transaction(db, async (tx): Promise<TenantChange> => {
    const tenant = await findTenantRef(tx, name);
    if (!tenant) return refused('slug', 'tenant.error.notFound', name);
    const refusal = await change(tx, tenant);
    if (refusal) return refusal;
    const after = await events.emit(tx, 'tenant.changed', { tenantId: tenant.id });
    return { ok: true, tenant, after };
  });
}

export function addTenantHost(db: Db, slugOrHost: string, host: string): Promise<TenantChange> {
  const hostname = normalizeNewHost(host);
  return changeTenant(db, slugOrHost, async (tx, tenant) => {
    const bad = hostNameProblem(hostname);
    if (bad) return refused('host', bad, hostname);
    if ((await takenHosts(tx, [hostname])).length > 0) return refused('host', 'tenant.error.hostTaken', hostname);
    await insertTenantHost(tx, tenant.id, hostname);
    return undefined;
  });
}

/** Removes a host name; the organisation keeps at least one (disable it to take it offline). */
export function removeTenantHost(db: Db, slugOrHost: string, host: string): Promise<TenantChange> {
  const hostname = normalizeNewHost(host);
  return changeTenant(db, slugOrHost, async (tx, tenant) => {
    const hosts = await hostsOf(tx, tenant.id);
    if (!hosts.some((h) => h.hostname === hostname)) return refused('host', 'tenant.error.hostNotFound', hostname);
    if (hosts.length === 1) return refused('host', 'tenant.error.lastHost', hostname);
    await deleteTenantHost(tx, tenant.id, hostname);
    return undefined;
  });
}

/** Disabled, the organisation's hosts answer like unknown ones; nothing of it is deleted. */
export function setTenantDisabled(
  db: Db,
  slugOrHost: string,
  disabled: boolean,
  now = new Date(),
): Promise<TenantChange> {
  return changeTenant(db, slugOrHost, async (tx, tenant) => {
    await setTenantDisabledAt(tx, tenant.id, disabled ? (tenant.disabledAt ?? now) : null);
    return undefined;
  });
}

export { hostsOf };
