// `npm run loyalty:check`: rebuilds every loyalty lot's remaining points and every member's owed
// points and kept balance from the append-only ledger and compares them with the stored ones. Exit code 1 on any
// difference. Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (./data).
import path from 'node:path';
import { openDatabase } from '#db/client.server.ts';
import { checkLedger } from '#features/loyalty/index.server.ts';

const database = process.env.DATABASE_URL
  ? await openDatabase({ url: process.env.DATABASE_URL })
  : await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR || './data') });
const result = await checkLedger(database.db);
await database.close();
console.log(JSON.stringify(result));
process.exit(result.ok ? 0 : 1);
