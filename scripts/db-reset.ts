// `npm run db:reset`: recreate the embedded database with demo data. Refuses to touch PostgreSQL
// (DATABASE_URL): reset that one deliberately, by hand.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#db/client.server.ts';
import { analyseDatabase } from '#db/statistics.server.ts';
import { seedDemo } from '#demo/demo.server.ts';

if (process.env.DATABASE_URL) {
  console.error('db:reset only resets the embedded database; unset DATABASE_URL, or reset PostgreSQL yourself.');
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
const database = await openDatabase({ dataDir });
await seedDemo(database.db);
await analyseDatabase(database.db);
await database.close();
console.log(`Recreated the embedded database in ${dataDir} with demo data.`);
