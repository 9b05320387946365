import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase, wrapPglite } from '../../../server/db/open.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The URL it was opened with (a fresh database name on PostgreSQL). */
  url: string;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

/**
 * A fresh database for one test file, migrated unless `migrated: false`: in-memory PGlite, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (and `pglite: true` does not
 * insist on PGlite), a uniquely named database created on it (and dropped by `close`).
 */
export async function freshDatabase(opts: { migrated?: boolean; pglite?: boolean } = {}): Promise<TestDatabase> {
  const migrated = opts.migrated ?? true;
  const serverUrl = opts.pglite ? undefined : process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await wrapPglite(migrated ? new PGlite({ loadDataDir: await migratedTemplate() }) : new PGlite());
    return { handle, url: 'memory://', close: () => handle.close() };
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  if (migrated) await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * A snapshot of an empty, migrated PGlite data directory, made once per
 * migration set and kept in the OS temp folder: booting PGlite from it is
 * several times faster than initdb + migrations in every test file.
 */
async function migratedTemplate(): Promise<Blob> {
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).filter((f) => f.endsWith('.sql') || f.endsWith('.json')).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(join(MIGRATIONS_FOLDER, file)));
  const path = join(tmpdir(), `casino-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const client = new PGlite();
    const handle = await wrapPglite(client);
    await handle.migrate();
    const dump = await client.dumpDataDir('none');
    await handle.close();
    // Parallel test files may race here: write aside, then rename atomically.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  }
}
