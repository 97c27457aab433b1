import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client.server';

// The embedded database in a folder keeps a small page cache of its own (issue 25: memory at rest).
const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sharedBuffers = async () => {
  const database = await openDatabase({ dataDir });
  try {
    if (database.connection.kind !== 'pglite') throw new Error('not the embedded database');
    const { rows } = await database.connection.client.query<{ shared_buffers: string }>('SHOW shared_buffers');
    return rows[0]?.shared_buffers;
  } finally {
    await database.close();
  }
};

describe('the embedded database in its folder', () => {
  it('runs with its small shared buffers from the first start, and keeps them when reopened', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(await sharedBuffers()).toBe(PGLITE_SHARED_BUFFERS);
    expect(await sharedBuffers()).toBe(PGLITE_SHARED_BUFFERS);
  });
});
