import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.server.ts';
import { transaction } from '../src/db/transaction.server.ts';
const database = await openDatabase({ dataDir: '/tmp/prof-data-' + process.pid });
await database.db.execute(sql`create table if not exists p (id int primary key, n int, t text)`);
await database.db.execute(sql`insert into p select g, 0, 'x' from generate_series(1,1000) g on conflict do nothing`);
const t0 = process.cpuUsage();
for (let i = 0; i < 500; i++) {
  await transaction(database.db, async (tx) => {
    await tx.execute(sql`select * from p where id = ${i % 1000 + 1}`);
    await tx.execute(sql`update p set n = n + 1 where id = ${i % 1000 + 1}`);
    await tx.execute(sql`insert into p values (${100000 + i}, 1, 'y') on conflict do nothing`);
  });
  await database.db.execute(sql`select count(*) from p where n > 0`);
}
const c = process.cpuUsage(t0);
console.log('cpu per tx ms', ((c.user + c.system) / 1000 / 500).toFixed(2), 'sys', (c.system/1000/500).toFixed(2));
await database.close();
