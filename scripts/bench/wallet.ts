/**
 * `npm run bench:wallet`: ledger throughput and latency under concurrency,
 * next to PostgreSQL's own TPC-B figure (pgbench) on the same server in the
 * same run, so the ratio means something on a shared, noisy machine.
 *
 * For each database (PostgreSQL when BENCH_DATABASE_URL / DATABASE_URL /
 * TEST_DATABASE_URL names one — a scratch database is created and dropped —
 * and the embedded PGlite):
 *  1. "spread": BENCH_OPS wallet operations (deposit, bet, win in the
 *     ratio 1:3:2, each with an idempotency reference) over BENCH_PLAYERS
 *     players, BENCH_CONCURRENCY in flight;
 *  2. "hot wallet": the same number of operations on ONE player: every
 *     operation waits for the previous one's row lock (the worst case);
 *  3. (PostgreSQL only) `pgbench -i -s 1` then `pgbench -c C -j 2 -T
 *     BENCH_PGBENCH_SECONDS` (TPC-B-like: 5 statements, one account row
 *     updated per transaction) on another scratch database.
 * Each wallet operation is one `applyMovement`: lock the wallet row, check
 * for a replay, append the ledger row, update the balances, commit.
 * Finally the ledger sums are checked against the balances.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '../../server/db/open.ts';
import { users, wallets } from '../../server/db/schema.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { seedDemoTenants } from '../../server/features/tenants/demo/seed.ts';
import { applyMovement } from '../../server/features/wallet/movement.ts';
import { createLogger } from '../../server/logger.ts';
import { envNumber, load, report } from './load.ts';
import { benchServerUrl, scratchDatabase } from './scratch-db.ts';

const OPS = envNumber('BENCH_OPS', 4000);
const PLAYERS = envNumber('BENCH_PLAYERS', 200);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 10);
const PGBENCH_SECONDS = envNumber('BENCH_PGBENCH_SECONDS', 15);
const MAX_SECONDS = envNumber('BENCH_MAX_SECONDS', 120);
const serverUrl = benchServerUrl();

async function prepare(handle: DatabaseHandle): Promise<{ tenantId: number; playerIds: number[] }> {
  await handle.migrate();
  await seedDemoTenants(handle.db, createLogger('silent'));
  const tenant = await findTenantByDomain(handle.db, 'localhost');
  if (!tenant) throw new Error('demo tenant localhost missing');
  const rows = await handle.db
    .insert(users)
    .values(Array.from({ length: PLAYERS }, (_, i) => ({ tenantId: tenant.id, name: `Bench ${i}`, username: `+55119${String(70000000 + i)}` })))
    .returning({ id: users.id });
  const playerIds = rows.map((r) => r.id);
  // Every player starts with money so bets never hit the floor.
  for (const userId of playerIds) await applyMovement(handle.db, { tenantId: tenant.id, userId, type: 'deposit', amount: 10_000_000, reference: `seed-${userId}` });
  return { tenantId: tenant.id, playerIds };
}

/** deposit : bet : win = 1 : 3 : 2, the mix of a casino session. */
function operation(i: number): { type: 'deposit' | 'bet' | 'win'; amount: number } {
  const k = i % 6;
  if (k === 0) return { type: 'deposit', amount: 5000 };
  if (k <= 3) return { type: 'bet', amount: -(100 + (i % 900)) };
  return { type: 'win', amount: 50 + (i % 1500) };
}

async function benchLedger(label: string, handle: DatabaseHandle): Promise<number> {
  const { tenantId, playerIds } = await prepare(handle);
  const deadline = () => Date.now() + MAX_SECONDS * 1000;
  const run = `${Date.now().toString(36)}`;
  const spread = await load(OPS, CONCURRENCY, deadline(), async (i) => {
    const userId = playerIds[i % playerIds.length]!;
    await applyMovement(handle.db, { tenantId, userId, ...operation(i), reference: `spread-${run}-${i}` });
  });
  const spreadRate = report(`${label} wallet operations, ${PLAYERS} players (${CONCURRENCY} concurrent)`, spread);
  const hotUser = playerIds[0]!;
  const hot = await load(OPS, CONCURRENCY, deadline(), async (i) => {
    await applyMovement(handle.db, { tenantId, userId: hotUser, ...operation(i), reference: `hot-${run}-${i}` });
  });
  report(`${label} wallet operations, one hot wallet (${CONCURRENCY} concurrent)`, hot);

  const [mismatch] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(wallets)
    .where(
      // Qualified by hand: drizzle may leave single-table columns bare, which the subquery would read as its own.
      sql`wallets.balance <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = wallets.user_id)
        or wallets.balance_withdrawal <> (select coalesce(sum(l.withdrawable_delta), 0) from ledger_entries l where l.user_id = wallets.user_id)`,
    );
  process.stdout.write(`${label} ledger check: ${mismatch?.n === 0 ? 'every wallet equals the sum of its ledger' : `${mismatch?.n} wallets DIFFER from their ledger`}\n`);
  return spreadRate;
}

function pgbench(url: string): number | null {
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-c', String(CONCURRENCY), '-j', '2', '-T', String(PGBENCH_SECONDS), url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    const latency = /latency average = ([\d.]+ ms)/.exec(out)?.[1];
    if (!tps) return null;
    process.stdout.write(`pgbench TPC-B (scale 1, ${CONCURRENCY} clients, ${PGBENCH_SECONDS} s): ${Number(tps).toFixed(1)} tps, latency average ${latency ?? '?'}\n`);
    return Number(tps);
  } catch (error) {
    process.stdout.write(`pgbench not run (${error instanceof Error ? error.message.split('\n')[0] : String(error)})\n`);
    return null;
  }
}

async function main(): Promise<void> {
  process.stdout.write(`bench:wallet — ${OPS} operations per scenario, ${CONCURRENCY} in flight\n`);
  const scratch = await scratchDatabase(serverUrl, 'bench_wallet');
  if (scratch) {
    const handle = await openDatabase(scratch.url);
    const walletRate = await benchLedger('PostgreSQL', handle).finally(async () => {
      await handle.close();
      await scratch.drop();
    });
    const tpcb = await scratchDatabase(serverUrl, 'bench_pgbench');
    if (tpcb) {
      const tps = pgbench(tpcb.url);
      await tpcb.drop();
      if (tps) process.stdout.write(`ratio: wallet operations / pgbench TPC-B transactions = ${(walletRate / tps).toFixed(2)}\n`);
    }
  }
  const pglite = await openDatabase('memory://');
  try {
    await benchLedger('PGlite (embedded, one connection)', pglite);
  } finally {
    await pglite.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
