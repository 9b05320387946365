import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '../../server/db/open.ts';

/** The PostgreSQL server the benches use: BENCH_DATABASE_URL, a postgres DATABASE_URL, TEST_DATABASE_URL, or the local default. */
export function benchServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL ?? (env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : undefined) ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** Creates a scratch database on the server of `url`; returns its URL and a dropper, or null when the server does not answer. */
export async function scratchDatabase(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    process.stdout.write(`PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//')} not usable (${error instanceof Error ? error.message : String(error)}); skipping it\n`);
    await admin.end();
    return null;
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}


/**
 * Runs one bench on a scratch PostgreSQL database (skipped when the server
 * does not answer), then on an embedded in-memory PGlite; false when either
 * run failed. The money benches compare both drivers in one process.
 */
export async function benchOnEachDatabase(prefix: string, bench: (label: string, handle: DatabaseHandle, url: string, embedded: boolean) => Promise<boolean>): Promise<boolean> {
  let ok = true;
  const scratch = await scratchDatabase(benchServerUrl(), prefix);
  if (scratch) {
    const handle = await openDatabase(scratch.url);
    try {
      ok = (await bench('PostgreSQL', handle, scratch.url, false)) && ok;
    } finally {
      await handle.close();
      await scratch.drop();
    }
  }
  const pglite = await openDatabase('memory://');
  try {
    ok = (await bench('PGlite (embedded, one connection)', pglite, 'memory://', true)) && ok;
  } finally {
    await pglite.close();
  }
  return ok;
}
