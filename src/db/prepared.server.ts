import type { Db } from './client.server';

/**
 * A query built once per database handle and run with placeholders (`sql.placeholder('name')`),
 * for reads on every request of a page nobody can cache (the invoice page): drizzle then skips
 * building the statement each time (measured: a tenth of that page's CPU), and the SQL text is
 * the same string on every run. On PostgreSQL the name makes it a named statement per connection.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
