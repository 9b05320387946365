/**
 * `node scripts/bench/rounds.ts`: house-game rounds per second.
 *  1. pure outcomes (HMAC + game maths, no database) per game;
 *  2. real-money rounds through `playRound` (seed lock, round insert, bet and
 *     win ledger movements, nonce increment, one transaction) on PGlite and,
 *     when BENCH_DATABASE_URL names a PostgreSQL server, on a scratch
 *     database there: BENCH_ROUNDS rounds over BENCH_PLAYERS players with
 *     BENCH_CONCURRENCY in flight, then the same on ONE player (every round
 *     waits for the previous one's seed-row lock).
 * Ledger sums are checked against balances at the end.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { HouseParams } from '../../src/contract/casino.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/open.ts';
import { users, wallets } from '../../server/db/schema.ts';
import { decideRound } from '../../server/features/house/games/outcome.ts';
import { playRound } from '../../server/features/house/play.ts';
import { createTenant } from '../../server/features/tenants/create-tenant.ts';
import { demoTenants } from '../../server/features/tenants/demo/tenants.ts';
import { applyMovement } from '../../server/features/wallet/movement.ts';
import { createLogger } from '../../server/logger.ts';
import { envNumber, load, report } from './load.ts';
import { scratchDatabase } from './scratch-db.ts';

const ROUNDS = envNumber('BENCH_ROUNDS', 2000);
const PLAYERS = envNumber('BENCH_PLAYERS', 100);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 10);
const PURE = envNumber('BENCH_PURE_ROUNDS', 200_000);
const log = createLogger('silent');

const GAMES: HouseParams[] = [
  { game: 'dice', params: { target: 5000, direction: 'under' } },
  { game: 'limbo', params: { target: 20000 } },
  { game: 'plinko', params: { rows: 16, risk: 'medium' } },
];

function pure(): void {
  const serverSeed = randomBytes(32).toString('hex');
  for (const game of GAMES) {
    const t0 = performance.now();
    for (let nonce = 0; nonce < PURE; nonce++) decideRound({ serverSeed, clientSeed: 'bench', nonce }, game);
    const seconds = (performance.now() - t0) / 1000;
    process.stdout.write(`pure ${game.game}: ${PURE} outcomes in ${seconds.toFixed(2)} s → ${Math.round(PURE / seconds)}/s\n`);
  }
}

async function withDatabase(label: string, handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  const db = handle.db;
  const tenant = (await createTenant(db, demoTenants().find((t) => t.domain === 'localhost')!))!;
  const ids: number[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const [row] = await db.insert(users).values({ tenantId: tenant.id, name: `Bench ${i}`, username: `+55118${String(i).padStart(8, '0')}` }).returning({ id: users.id });
    ids.push(row!.id);
    await applyMovement(db, { tenantId: tenant.id, userId: row!.id, type: 'deposit', amount: 100_000_000, reference: `bench-${i}` });
  }
  const deps = { db, publish: async () => {}, log };
  const play = (userId: number, i: number) =>
    playRound(deps, { tenant, actor: { kind: 'user', userId, name: 'Bench', tokenId: 0 } }, { game: GAMES[i % GAMES.length]!, amount: 100, demo: false }).then(() => {});
  const deadline = Date.now() + 300_000;
  report(`${label} spread (${PLAYERS} players, ${CONCURRENCY} in flight)`, await load(ROUNDS, CONCURRENCY, deadline, (i) => play(ids[i % ids.length]!, i)));
  report(`${label} hot player (${CONCURRENCY} in flight)`, await load(ROUNDS, CONCURRENCY, deadline, (i) => play(ids[0]!, i)));
  const [check] = await db
    .select({ bad: sql<number>`count(*)::int` })
    .from(wallets)
    .where(sql`${wallets.balance} <> (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = ${wallets.userId})`);
  process.stdout.write(`${label}: wallets whose ledger sum differs from the balance: ${check?.bad ?? '?'}\n`);
}

pure();
const pglite = await openDatabase('memory://');
try {
  await withDatabase('PGlite', pglite);
} finally {
  await pglite.close();
}
const scratch = process.env.BENCH_DATABASE_URL ? await scratchDatabase(process.env.BENCH_DATABASE_URL, 'bench_rounds') : null;
if (scratch) {
  const handle = await openDatabase(scratch.url);
  try {
    await withDatabase('PostgreSQL', handle);
  } finally {
    await handle.close();
    await scratch.drop();
  }
}
