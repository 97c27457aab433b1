// The loading the appointment landing (`/appointment`) and its frameable list (`/appointment/embed`)
// share: the tenant's categories and active services, shaped for each page.
import type { Db } from '#db/client.server.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import { listActiveServices, listCategories } from './booking-repo.server';

type Category = Awaited<ReturnType<typeof listCategories>>[number];
type Service = Awaited<ReturnType<typeof listActiveServices>>[number];

async function catalogue(db: Db, tenantId: string): Promise<{ categories: Category[]; services: Service[] }> {
  const [categories, services] = await Promise.all([listCategories(db, tenantId), listActiveServices(db, tenantId)]);
  return { categories, services };
}

/** The landing: the categories that have services (with their counts), the popular services (or the first six). */
export async function appointmentLanding(db: Db, tenantId: string) {
  const { categories, services } = await catalogue(db, tenantId);
  const popular = services.filter((s) => s.popular);
  const featured = popular.length > 0 ? popular : services.slice(0, 6);
  const counts = new Map<string, number>();
  for (const service of services)
    if (service.categoryId) counts.set(service.categoryId, (counts.get(service.categoryId) ?? 0) + 1);
  return { services, featured, counts, shown: categories.filter((c) => counts.has(c.id)) };
}

/** The embed's list: services grouped by category (named in `locale`), the rest under `otherName`; empty groups left out. */
export async function embedServiceGroups(db: Db, tenantId: string, locale: Locale, otherName: string) {
  const { categories, services } = await catalogue(db, tenantId);
  return [
    ...categories.map((category) => ({
      id: category.id,
      name: localized(category.name, locale),
      services: services.filter((s) => s.categoryId === category.id),
    })),
    {
      id: 'other',
      name: otherName,
      services: services.filter((s) => !categories.some((c) => c.id === s.categoryId)),
    },
  ].filter((group) => group.services.length > 0);
}
