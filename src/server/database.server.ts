import { type Database, type Db, isEmpty, openDatabase } from '#db/client.server.ts';
import { analyseDatabase } from '#db/statistics.server.ts';
import { log } from '#lib/logger.server.ts';
import { env } from './config.server';
import { shouldSeedDemo } from './demo-data';
import { onStop } from './lifecycle.server';

let opening: Promise<Database> | undefined;

/** Fills an empty database with the demo data; given by the composition root (src/app.server.ts). */
type DemoSeed = (db: Db) => Promise<unknown>;
let seedDemo: DemoSeed | undefined;

/**
 * Names the demo seed database() runs on an empty database when demo data is wanted. The demo
 * seed writes through features, and server/ knows no feature: src/app.server.ts gives it.
 */
export function provideDemoSeed(seed: DemoSeed): void {
  seedDemo = seed;
}

/**
 * The app's database: opened, migrated and (on first start) seeded once per process.
 * PGlite under DATA_DIR by default; PostgreSQL when DATABASE_URL is set.
 */
export function database(): Promise<Database> {
  opening ??= (async () => {
    const { DATABASE_URL, DATA_DIR, DEMO_DATA, PGLITE_THREAD } = env();
    const database = await openDatabase({ url: DATABASE_URL, dataDir: DATA_DIR, thread: PGLITE_THREAD });
    // Closed last on a graceful stop: PGlite writes its files and releases DATA_DIR, the pool ends.
    onStop(`database (${database.kind})`, () => database.close());
    if (await isEmpty(database.db)) {
      if (shouldSeedDemo({ databaseUrl: DATABASE_URL, demoData: DEMO_DATA }) && seedDemo) {
        log.info('empty database: seeding demo data');
        await seedDemo(database.db);
        await analyseDatabase(database.db);
      } else {
        log.info('empty database: no demo data (DEMO_DATA=1 adds it); add a tenant and its hosts to start');
      }
    }
    log.info(`database ready (${database.kind})`);
    return database;
  })();
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}

export async function db(): Promise<Db> {
  return (await database()).db;
}
