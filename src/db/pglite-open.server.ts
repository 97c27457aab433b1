import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/**
 * Postgres's own page cache inside PGlite's memory. Its default, 128MB, was most of the server's
 * resident memory at rest once the pages had been read (issue 25); the data lives in files the
 * operating system caches anyway. Kept in the data folder (ALTER SYSTEM), so it applies from the
 * first reopen on. 16MB (was 32MB): resident memory at rest on a restart with the demo data went
 * from about 340 to 309 MB, and a clinic's working set of rows stays far under it.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Opens the embedded database in its folder with its settings (set, then reopened, on the first
 * start). Imports nothing of the app: the database's own thread runs it too (pglite-worker.server.ts).
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<PGlite> {
  const open = () => PGlite.create(dataDir, { extensions: { btree_gist }, loadDataDir: template });
  const client = await open();
  if (dataDir.startsWith('memory://')) return client;
  const { rows } = await client.query<{ shared_buffers: string }>('SHOW shared_buffers');
  if (rows[0]?.shared_buffers === PGLITE_SHARED_BUFFERS) return client;
  await client.exec(`ALTER SYSTEM SET shared_buffers = '${PGLITE_SHARED_BUFFERS}'`);
  await client.close();
  return open();
}
