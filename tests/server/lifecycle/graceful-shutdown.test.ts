import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type DatabaseHandle, openDatabase } from '../../../server/db/open.ts';
import { houseRounds, wallets } from '../../../server/db/schema.ts';
import { seedDemoTenants } from '../../../server/features/tenants/demo/seed.ts';
import { silentLog } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { type PlatformProcess, spawnPlatform } from './platform-process.ts';
import { fundedPlayer, playDice } from './players.ts';

/**
 * Issue 12, defect 4: SIGTERM under load kept serving new requests on
 * keep-alive connections (79 withdrawals accepted after the signal) until the
 * forced exit cut those in flight. The platform runs as a child process on a
 * database this test can read afterwards (PostgreSQL with TEST_DATABASE_URL,
 * else a PGlite folder).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let platform: PlatformProcess | null = null;
let tdb: TestDatabase | null = null;
let folder: string | null = null;

afterAll(async () => {
  await platform?.stop();
  await tdb?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A migrated, seeded database with one funded player; the handle is closed (PGlite allows one process at a time). */
async function prepareDatabase(): Promise<{ url: string; token: string; userId: number; reopen: () => Promise<DatabaseHandle> }> {
  let handle: DatabaseHandle;
  let url: string;
  if (onPostgres) {
    tdb = await freshDatabase();
    ({ handle, url } = tdb);
  } else {
    folder = await mkdtemp(join(tmpdir(), 'shutdown-pglite-'));
    url = folder;
    handle = await openDatabase(url);
    await handle.migrate();
  }
  await seedDemoTenants(handle.db, silentLog);
  const player = await fundedPlayer(handle.db, 1, 100_000_000);
  await handle.close();
  return { url, token: player.token, userId: player.id, reopen: () => openDatabase(url) };
}

/** A realtime client; resolves with the close code the server sends it. */
async function realtimeClient(port: number): Promise<{ closeCode: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/app-key?protocol=7`);
  const closeCode = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  return { closeCode };
}

interface Outcome {
  /** Sent after the platform printed that it received SIGTERM (so it was draining already). */
  afterSignal: boolean;
  /** Answered after SIGTERM was sent. */
  answeredAfterKill: boolean;
  status: number | 'connection closed';
  connectionClose: boolean;
}

describe('SIGTERM under load', () => {
  it('finishes the money requests in flight, accepts no new one, closes realtime with 4200 and exits 0', async () => {
    const { url, token, userId, reopen } = await prepareDatabase();
    // LOG_LEVEL info: the test watches for the "SIGTERM received" line.
    platform = await spawnPlatform({ DATABASE_URL: url, SHUTDOWN_DEADLINE_SECONDS: '20', LOG_LEVEL: 'info' });
    const realtime = await realtimeClient(platform.realtimePort);
    const running = platform;
    const signalSeen = () => running.output().includes('SIGTERM received');
    let killSent = false;
    const exited = running.exited.then((result) => ({ ...result, at: performance.now() }));
    let over = false;
    void exited.then(() => (over = true));

    const outcomes: Outcome[] = [];
    const load = async () => {
      while (!over) {
        const afterSignal = signalSeen();
        const res = await playDice(running.base, token).catch(() => null);
        if (res) await res.arrayBuffer();
        outcomes.push({
          afterSignal,
          answeredAfterKill: killSent,
          status: res?.status ?? 'connection closed',
          connectionClose: res?.headers.get('connection') === 'close',
        });
        // A refused client would retry another node; here, wait a moment before the next try.
        if (!res || res.status === 503) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const workers = Array.from({ length: 12 }, () => load());
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // On PostgreSQL, hold the player's wallet row so money requests are certainly in flight at the signal.
    let holder: postgres.Sql | null = null;
    let releaseLock = (): void => {};
    if (onPostgres) {
      holder = postgres(url, { max: 1, onnotice: () => {} });
      const locked = new Promise<void>((resolve) => {
        void holder!.begin(async (tx) => {
          await tx`select 1 from wallets where user_id = ${userId} for update`;
          resolve();
          await new Promise<void>((release) => (releaseLock = release));
        });
      });
      await locked;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const killedAt = performance.now();
    running.child.kill('SIGTERM');
    killSent = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    releaseLock();

    const result = await exited;
    await Promise.all(workers);
    await holder?.end();

    expect(result, running.output()).toMatchObject({ code: 0, signal: null });
    expect(signalSeen()).toBe(true);
    expect(result.at - killedAt).toBeLessThan(20_000);
    expect(await realtime.closeCode).toBe(4200);

    // Nothing sent once the platform drained was accepted; refusals told the client to close the connection.
    expect(outcomes.filter((o) => o.afterSignal && o.status === 200)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503 && o.status !== 'connection closed')).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503 && !o.connectionClose)).toEqual([]);
    // Requests in flight at the signal were answered, not cut.
    expect(outcomes.some((o) => !o.afterSignal && o.answeredAfterKill && o.status === 200)).toBe(true);

    // Every answered round, and only those, moved money: none was cut between its commit and its answer.
    const handle = await reopen();
    try {
      const [rounds] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(houseRounds).where(eq(houseRounds.userId, userId));
      expect(rounds!.n).toBe(outcomes.filter((o) => o.status === 200).length);
      const [wallet] = await handle.db.select().from(wallets).where(eq(wallets.userId, userId));
      expect(wallet).toBeDefined();
    } finally {
      await handle.close();
    }
    const counts = outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [`${o.status}${o.afterSignal ? ' after' : ''}`]: (acc[`${o.status}${o.afterSignal ? ' after' : ''}`] ?? 0) + 1 }), {});
    console.info(`shutdown (${onPostgres ? 'PostgreSQL' : 'PGlite'}): exit ${result.code} ${Math.round(result.at - killedAt)} ms after SIGTERM; answers ${JSON.stringify(counts)}`);
  }, 60_000);
});
