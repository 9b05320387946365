import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../../server/db/open.ts';

/**
 * Issue 12: migrations are forward-only, and each reaches every database.
 * Drizzle's migrator applies, on a database that has some already, only the
 * journal entries whose `when` is later than the last one applied: an entry
 * added with an earlier `when` (two branches each adding one, a hand-edited
 * journal) would be skipped for ever on every existing database while fresh
 * ones get it. A SQL file missing from the journal is never applied at all,
 * and there is no down migration to undo one.
 */
interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = async (): Promise<JournalEntry[]> =>
  (JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

describe('the migration journal', () => {
  it('numbers its entries 0, 1, 2… in file order, each tag NNNN_name with its own number', async () => {
    const entries = await journal();
    expect(entries.length).toBeGreaterThan(0);
    entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag).toMatch(new RegExp(`^${String(i).padStart(4, '0')}_[a-z0-9_]+$`));
    });
  });

  it('gives every entry a later `when` than the one before (else existing databases skip it)', async () => {
    const entries = await journal();
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i]!.when, `${entries[i]!.tag} must be later than ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
    }
  });

  it('lists every SQL file of the folder, and the folder holds no down migration', async () => {
    const files = (await readdir(MIGRATIONS_FOLDER)).filter((name) => name.endsWith('.sql'));
    expect(files.filter((name) => /down|rollback|revert/i.test(name))).toEqual([]);
    expect(files.sort()).toEqual((await journal()).map((entry) => `${entry.tag}.sql`));
  });
});
