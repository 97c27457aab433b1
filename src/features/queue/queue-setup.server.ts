import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { transaction } from '#db/transaction.server.ts';
import type { LocalizedText } from '#i18n/locales.ts';
import { parseUuid } from '#lib/input.ts';
import type { PointKind } from './board-state';
import { announceQueueChange } from './queue.server';
import * as repo from './queue-repo.server';
import { parsePointForm, parseQueueForm, type SetupErrorKey } from './queue-setup-rules';

/**
 * Setting up queues and service points (staff, /staff/queue/setup): create, edit, deactivate and
 * turn on again. Nothing is ever deleted: tickets keep their queue and point. A queue with open
 * tickets (waiting, called, serving) or a point with a ticket at it cannot be deactivated. Every
 * change tells the boards to refetch (the queue channel's `changed`).
 */

export type SetupKey =
  | SetupErrorKey
  | 'queue.setup.done.queueSaved'
  | 'queue.setup.done.pointSaved'
  | 'queue.setup.done.deactivated'
  | 'queue.setup.done.activated'
  | 'queue.setup.error.prefixTaken'
  | 'queue.setup.error.busy'
  | 'queue.error.notFound'
  | 'error.request';

export interface SetupOutcome {
  ok: boolean;
  status: number;
  key: SetupKey;
}

class SetupError extends Error {
  constructor(
    readonly key: SetupKey,
    readonly status: number,
  ) {
    super(key);
  }
}

/** Every queue and point of the tenant, active or not, with raw names (for the set-up forms). */
export async function queueSetupLists(db: Db, tenantId: string) {
  const [queueRows, pointRows] = await Promise.all([repo.listQueues(db, tenantId), repo.listPoints(db, tenantId)]);
  return {
    queues: queueRows.map((q) => ({
      id: q.id,
      prefix: q.prefix,
      name: q.name as LocalizedText,
      kiosk: q.kiosk,
      active: q.active,
    })),
    points: pointRows.map((p) => ({
      id: p.id,
      kind: p.kind as PointKind,
      number: p.number,
      queueId: p.queueId,
      active: p.active,
    })),
  };
}

async function saveQueue(db: Db, tenantId: string, form: Record<string, string>): Promise<SetupOutcome> {
  const parsed = parseQueueForm(form);
  if (!parsed.ok) return { ok: false, status: 400, key: parsed.key };
  const id = form.id ? parseUuid(form.id) : null;
  if (form.id && !id) return { ok: false, status: 400, key: 'error.request' };
  const { prefix, name, kiosk } = parsed.value;
  try {
    await transaction(
      db,
      async (tx) => {
        const holder = await repo.findQueueByPrefix(tx, tenantId, prefix);
        if (holder && holder.id !== id) throw new SetupError('queue.setup.error.prefixTaken', 409);
        if (id) {
          const updated = await repo.updateQueue(tx, tenantId, id, { prefix, name, kiosk });
          if (!updated) throw new SetupError('queue.error.notFound', 404);
        } else {
          const position = await repo.nextPosition(tx, tenantId, 'queues');
          await repo.insertQueue(tx, { tenantId, prefix, name, kiosk, position });
        }
      },
      { name: 'queue.setup.queue' },
    );
  } catch (error) {
    // Two staff adding the same prefix at once: the unique index refuses the second.
    if (isUniqueViolation(error) === 'queues_tenant_prefix')
      return { ok: false, status: 409, key: 'queue.setup.error.prefixTaken' };
    throw error;
  }
  return { ok: true, status: 200, key: 'queue.setup.done.queueSaved' };
}

async function savePoint(db: Db, tenantId: string, form: Record<string, string>): Promise<SetupOutcome> {
  const parsed = parsePointForm(form);
  if (!parsed.ok) return { ok: false, status: 400, key: parsed.key };
  const id = form.id ? parseUuid(form.id) : null;
  if (form.id && !id) return { ok: false, status: 400, key: 'error.request' };
  const { kind, number, queueId } = parsed.value;
  await transaction(
    db,
    async (tx) => {
      const queue = await repo.findQueue(tx, tenantId, queueId);
      if (!queue?.active) throw new SetupError('queue.error.notFound', 404);
      if (id) {
        const point = await repo.findPoint(tx, tenantId, id);
        if (!point) throw new SetupError('queue.error.notFound', 404);
        // A point calling someone keeps its queue until that ticket is finished.
        if (point.queueId !== queueId && (await repo.countOpenTickets(tx, tenantId, { pointId: id })) > 0)
          throw new SetupError('queue.setup.error.busy', 409);
        await repo.updatePoint(tx, tenantId, id, { kind, number, queueId });
      } else {
        const position = await repo.nextPosition(tx, tenantId, 'points');
        await repo.insertPoint(tx, { tenantId, kind, number, queueId, position });
      }
    },
    { name: 'queue.setup.point' },
  );
  return { ok: true, status: 200, key: 'queue.setup.done.pointSaved' };
}

async function setActive(
  db: Db,
  tenantId: string,
  what: 'queue' | 'point',
  form: Record<string, string>,
): Promise<SetupOutcome> {
  const id = parseUuid(form.id);
  if (!id || (form.active !== 'on' && form.active !== 'off')) return { ok: false, status: 400, key: 'error.request' };
  const active = form.active === 'on';
  await transaction(
    db,
    async (tx) => {
      const row = what === 'queue' ? await repo.findQueue(tx, tenantId, id) : await repo.findPoint(tx, tenantId, id);
      if (!row) throw new SetupError('queue.error.notFound', 404);
      if (!active) {
        const open = await repo.countOpenTickets(tx, tenantId, what === 'queue' ? { queueId: id } : { pointId: id });
        if (open > 0) throw new SetupError('queue.setup.error.busy', 409);
      }
      if (what === 'queue') await repo.updateQueue(tx, tenantId, id, { active });
      else await repo.updatePoint(tx, tenantId, id, { active });
    },
    { name: `queue.setup.${what}-active` },
  );
  return { ok: true, status: 200, key: active ? 'queue.setup.done.activated' : 'queue.setup.done.deactivated' };
}

/**
 * One set-up form post: `action` queue-save | point-save | queue-active | point-active (`id`, and
 * `active` on/off). Bad input is a 400 in the visitor's language that writes nothing; another
 * tenant's (or an unknown) id a 404; a prefix in use or a busy queue/point a 409.
 */
export async function staffQueueSetupAction(
  db: Db,
  input: { tenantId: string; form: Record<string, string> },
): Promise<SetupOutcome> {
  const { tenantId, form } = input;
  let outcome: SetupOutcome;
  try {
    switch (form.action) {
      case 'queue-save':
        outcome = await saveQueue(db, tenantId, form);
        break;
      case 'point-save':
        outcome = await savePoint(db, tenantId, form);
        break;
      case 'queue-active':
        outcome = await setActive(db, tenantId, 'queue', form);
        break;
      case 'point-active':
        outcome = await setActive(db, tenantId, 'point', form);
        break;
      default:
        return { ok: false, status: 400, key: 'error.request' };
    }
  } catch (error) {
    if (error instanceof SetupError) return { ok: false, status: error.status, key: error.key };
    throw error;
  }
  if (outcome.ok) await announceQueueChange(db, tenantId);
  return outcome;
}
