import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../../server/db/open.ts';
import { freshDatabase } from '../helpers/db.ts';

/**
 * Issue 12: several platform nodes starting together against one fresh
 * PostgreSQL database each run `migrate()`; the advisory lock lets one apply
 * the migrations and the others find nothing left, so each is recorded once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations from three nodes at once', () => {
  it('all succeed and every migration is applied exactly once', async () => {
    const empty = await freshDatabase({ migrated: false });
    const nodes = await Promise.all([openDatabase(empty.url), openDatabase(empty.url), openDatabase(empty.url)]);
    try {
      await Promise.all(nodes.map((node) => node.migrate()));
      const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const rows = await nodes[0]!.db.execute<{ hash: string; times: number }>(
        sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
      );
      // PGlite answers { rows }, postgres-js an array of rows.
      const counted = (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows) as { hash: string; times: number }[];
      expect(counted).toHaveLength(journal.entries.length);
      expect(counted.every((row) => row.times === 1)).toBe(true);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await empty.close();
    }
  });
});
