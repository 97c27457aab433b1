// Staff keep the catalogue (/staff/catalogue, owners and managers): categories, services,
// practitioners and who delivers what, the tenant's booking settings. Every change commits with a
// `catalogue.changed` event (the page cache drops the tenant's appointment pages on every
// instance) and then drops the tenant's cached availability feeds on every instance.

import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { transaction } from '#db/transaction.server.ts';
import { availabilityChanged, findSettings } from '#features/booking/index.server.ts';
import { parseUuid } from '#lib/input.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { events, runAfterCommit } from '#server/events/index.ts';
import {
  type BookingSettingsValues,
  type CategoryValues,
  moved,
  type PractitionerValues,
  type ServiceValues,
  slugOf,
} from './catalogue-forms';
import {
  categoriesOf,
  categoryById,
  insertCategory,
  insertPractitioner,
  insertService,
  practitionersOf,
  replaceServiceLinks,
  resourceById,
  serviceById,
  serviceLinksOf,
  servicesOf,
  setPositions,
  updateCategory,
  updatePractitioner,
  updateService,
  upsertBookingSettings,
} from './catalogue-repo.server';

class NotFound extends Error {}

/** Runs a change of the catalogue in one transaction, then tells every instance. */
export async function catalogueChange<T>(db: Db, tenantId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  let after: Awaited<ReturnType<typeof events.emit>> = [];
  const result = await transaction(db, async (tx) => {
    const value = await work(tx);
    after = await events.emit(tx, 'catalogue.changed', { tenantId });
    return value;
  });
  await runAfterCommit(after, (error) => log.warn('catalogue: page cache not dropped', errorFields(error)));
  await availabilityChanged(tenantId);
  return result;
}

export type SaveResult = { ok: true; id: string } | { ok: false; reason: 'not_found' | 'slug_taken' };

async function saving(work: () => Promise<string>): Promise<SaveResult> {
  try {
    return { ok: true, id: await work() };
  } catch (error) {
    if (error instanceof NotFound) return { ok: false, reason: 'not_found' };
    if (isUniqueViolation(error)) return { ok: false, reason: 'slug_taken' };
    throw error;
  }
}

/** Everything the catalogue screen lists. */
export async function staffCatalogue(db: Db, tenantId: string) {
  const [categories, serviceRows, practitioners, links, settings] = await Promise.all([
    categoriesOf(db, tenantId),
    servicesOf(db, tenantId),
    practitionersOf(db, tenantId),
    serviceLinksOf(db, tenantId),
    findSettings(db, tenantId),
  ]);
  return { categories, services: serviceRows, practitioners, links, settings };
}

export const staffService = serviceById;
export const staffCategory = categoryById;
export const staffServices = servicesOf;
export const staffCategories = categoriesOf;

/** A practitioner of the tenant with the services they deliver; null for anything else (a malformed id too). */
export async function staffPractitioner(db: Db, tenantId: string, id: string) {
  if (!parseUuid(id)) return null;
  const resource = await resourceById(db, tenantId, id);
  if (resource?.kind !== 'practitioner') return null;
  const links = await serviceLinksOf(db, tenantId);
  return { ...resource, serviceIds: links.get(id) ?? [] };
}

export function saveCategory(db: Db, tenantId: string, input: { id: string | null; values: CategoryValues }) {
  return saving(() =>
    catalogueChange(db, tenantId, async (tx) => {
      if (input.id) {
        if (!(await updateCategory(tx, tenantId, input.id, input.values))) throw new NotFound();
        return input.id;
      }
      const taken = new Set((await categoriesOf(tx, tenantId)).map((c) => c.slug));
      const base = slugOf(input.values.name.en) || 'category';
      let slug = base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
      return (await insertCategory(tx, tenantId, slug, input.values)).id;
    }),
  );
}

export function saveService(db: Db, tenantId: string, input: { id: string | null; values: ServiceValues }) {
  return saving(() =>
    catalogueChange(db, tenantId, async (tx) => {
      const { categoryId } = input.values;
      if (categoryId && !(await categoryById(tx, tenantId, categoryId))) throw new NotFound();
      if (input.id) {
        if (!(await updateService(tx, tenantId, input.id, input.values))) throw new NotFound();
        return input.id;
      }
      return (await insertService(tx, tenantId, input.values)).id;
    }),
  );
}

/** Shows or hides a service on the public pages (bookings already made stay). */
export function setServiceActive(db: Db, tenantId: string, id: string, active: boolean) {
  return saving(() =>
    catalogueChange(db, tenantId, async (tx) => {
      if (!(await updateService(tx, tenantId, id, { active }))) throw new NotFound();
      return id;
    }),
  );
}

/** Moves a service or a category one place up or down in its list. */
export function moveInCatalogue(
  db: Db,
  tenantId: string,
  input: { list: 'services' | 'categories'; id: string; direction: 'up' | 'down' },
) {
  return saving(() =>
    catalogueChange(db, tenantId, async (tx) => {
      const rows = input.list === 'services' ? await servicesOf(tx, tenantId) : await categoriesOf(tx, tenantId);
      const ids = rows.map((r) => r.id);
      if (!ids.includes(input.id)) throw new NotFound();
      await setPositions(tx, tenantId, input.list, moved(ids, input.id, input.direction));
      return input.id;
    }),
  );
}

export function savePractitioner(db: Db, tenantId: string, input: { id: string | null; values: PractitionerValues }) {
  const { serviceIds, ...columns } = input.values;
  return saving(() =>
    catalogueChange(db, tenantId, async (tx) => {
      let id = input.id;
      if (id) {
        const existing = await resourceById(tx, tenantId, id);
        if (existing?.kind !== 'practitioner') throw new NotFound();
        await updatePractitioner(tx, tenantId, id, columns);
      } else id = (await insertPractitioner(tx, tenantId, columns)).id;
      await replaceServiceLinks(tx, tenantId, id, serviceIds);
      return id;
    }),
  );
}

export function saveBookingSettings(db: Db, tenantId: string, values: BookingSettingsValues) {
  return catalogueChange(db, tenantId, (tx) => upsertBookingSettings(tx, tenantId, values));
}

export { practitionersOf };
