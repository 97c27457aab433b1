import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.server';

/** The statements of one migration file, as drizzle's migrator splits them. */
function statements(file: string): string[] {
  return readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

describe('migration 0011: embed origins move to tenant_embed_origins (issue 10 item 6)', () => {
  it('copies each tenant’s booking_settings.embed_origins in order, once each, then drops the column', async () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const target = files.indexOf('0011_tenant_embed_origins.sql');
    expect(target).toBeGreaterThan(0);
    const client = await PGlite.create({ extensions: { btree_gist } });
    try {
      for (const file of files.slice(0, target)) {
        for (const sql of statements(file)) await client.exec(sql);
      }
      const tenant = async (slug: string) =>
        (
          await client.query<{ id: string }>(
            `INSERT INTO tenants (slug, kind, name, tagline) VALUES ($1, 'clinic', $1, '{}') RETURNING id`,
            [slug],
          )
        ).rows[0]?.id ?? '';
      const [a, b, c] = [await tenant('a'), await tenant('b'), await tenant('c')];
      const settings = `INSERT INTO booking_settings (tenant_id, embed_origins) VALUES ($1, $2::jsonb)`;
      await client.query(settings, [
        a,
        JSON.stringify(['https://z.example', 'https://a.example', 'https://z.example']),
      ]);
      await client.query(settings, [b, '[]']);
      await client.query(`INSERT INTO booking_settings (tenant_id) VALUES ($1)`, [c]);

      for (const sql of statements('0011_tenant_embed_origins.sql')) await client.exec(sql);

      const rows = await client.query<{ tenant_id: string; origin: string }>(
        'SELECT tenant_id, origin FROM tenant_embed_origins ORDER BY tenant_id = $1 DESC, position, origin',
        [a],
      );
      expect(rows.rows).toEqual([
        { tenant_id: a, origin: 'https://z.example' },
        { tenant_id: a, origin: 'https://a.example' },
      ]);
      const columns = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'booking_settings' AND column_name = 'embed_origins'`,
      );
      expect(columns.rows).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});
