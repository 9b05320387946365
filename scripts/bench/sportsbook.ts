/**
 * `npm run bench:sportsbook`: the sportsbook's signed wallet callbacks under
 * load, next to the raw ledger movements they are made of, in the same run,
 * so the ratio means something on a shared, noisy machine.
 *
 * For each database (PostgreSQL when BENCH_DATABASE_URL / DATABASE_URL /
 * TEST_DATABASE_URL names one — a scratch database is created and dropped —
 * and the embedded PGlite): migrate, seed the demo tenants, fund
 * BENCH_PLAYERS players (default 200), then
 *  1. "callbacks over HTTP": the real platform app (createApp, the sandbox
 *     provider's keys in a temporary DATA_DIR) on an ephemeral port; each
 *     pair is a `bet/make` (a one- to three-selection betslip) then its
 *     settlement (`bet/win` for half of them, `bet/lost` for the rest), each
 *     body `{ payload }` signed ES256 with the provider's key as BetBy sends
 *     it (the signing is the provider's cost, outside the timings), Host =
 *     the tenant's domain, on keep-alive connections;
 *  2. "raw movements": the same pairs as bare `applyMovement` calls
 *     (`sports_bet`, and `sports_win` when won; no HTTP, no token, no
 *     betslip bookkeeping).
 * BENCH_PAIRS pairs each (default 2000 on PostgreSQL; BENCH_PGLITE_PAIRS,
 * default 400, on PGlite), BENCH_CONCURRENCY in flight (default 10), each
 * phase bounded by BENCH_MAX_SECONDS (default 30). A short unmeasured
 * warm-up of each kind comes first.
 *
 * Checks at the end (exit 1 when one fails, or when any call failed): every
 * wallet equals its ledger (scripts/faults/ledger-check.ts) and the money
 * moved by each phase equals its payouts − stakes.
 */
import { serve } from '@hono/node-server';
import { createPrivateKey, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { createApp } from '../../server/app.ts';
import { getConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/open.ts';
import { users } from '../../server/db/schema.ts';
import { sandboxKeyFiles } from '../../server/features/sportsbook/config.ts';
import { prepareSportsbook } from '../../server/features/sportsbook/index.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { seedDemoTenants } from '../../server/features/tenants/demo/seed.ts';
import { applyMovement } from '../../server/features/wallet/movement.ts';
import { createLogger } from '../../server/logger.ts';
import { createSiteBuilder } from '../../server/sites/index.ts';
import { tenantSource } from '../../server/sites/tenant-source.ts';
import { checkLedger, printLedgerCheck } from '../faults/ledger-check.ts';
import { movedUnder } from './ledger-sum.ts';
import { envNumber, fmt, load, type LoadResult, percentile } from './load.ts';
import { benchOnEachDatabase } from './scratch-db.ts';

const PG_PAIRS = envNumber('BENCH_PAIRS', 2000);
const PGLITE_PAIRS = envNumber('BENCH_PGLITE_PAIRS', process.env.BENCH_PAIRS ? PG_PAIRS : 400);
const PLAYERS = envNumber('BENCH_PLAYERS', 200);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 10);
const MAX_SECONDS = envNumber('BENCH_MAX_SECONDS', 30);
const DEPOSIT = 100_000_000;
const DOMAIN = 'localhost';
/** The demo tenant's brand and the sandbox operator (server/features/tenants/demo/tenants.ts, SPORTSBOOK_OPERATOR_ID's default). */
const BRAND = 'ipe-bet';
const OPERATOR = 'sandbox-operator';
const log = createLogger(process.env.BENCH_LOG_LEVEL === 'error' ? 'error' : 'silent');
const write = (line: string) => process.stdout.write(`${line}\n`);

/** Pair i's stake and payout in centavos: stakes R$ 1–10, half won at 1.5× to 3×, half lost. */
function pair(i: number): { stake: number; win: number; selections: number } {
  const stake = 100 + ((i * 37) % 901);
  const k = i % 4;
  return { stake, win: k < 2 ? 0 : k === 2 ? Math.floor(stake * 1.5) : stake * 3, selections: 1 + (i % 3) };
}

interface Tally {
  stakes: number;
  payouts: number;
  /** Latency of each successful call (HTTP) or movement (raw), ms. */
  calls: number[];
}
const newTally = (): Tally => ({ stakes: 0, payouts: 0, calls: [] });

interface Setup {
  handle: DatabaseHandle;
  tenantId: number;
  playerIds: number[];
}

async function prepare(handle: DatabaseHandle): Promise<Setup> {
  await handle.migrate();
  await seedDemoTenants(handle.db, log);
  const tenant = await findTenantByDomain(handle.db, DOMAIN);
  if (!tenant) throw new Error(`demo tenant ${DOMAIN} missing`);
  const rows = await handle.db
    .insert(users)
    .values(Array.from({ length: PLAYERS }, (_, i) => ({ tenantId: tenant.id, name: `Bench ${i}`, username: `+55117${String(80000000 + i)}` })))
    .returning({ id: users.id });
  const playerIds = rows.map((r) => r.id);
  for (const userId of playerIds) await applyMovement(handle.db, { tenantId: tenant.id, userId, type: 'deposit', amount: DEPOSIT, reference: `bench-sports-seed-${userId}` });
  return { handle, tenantId: tenant.id, playerIds };
}

type Call = (path: string, claims: Record<string, unknown>) => Promise<{ status: number; text: string; ms: number }>;

/** The platform on an ephemeral port and a caller that signs as the provider (signing outside the timing). */
async function startPlatform(s: Setup, url: string, dataDir: string): Promise<{ call: Call; close: () => Promise<void> }> {
  const config = getConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  await prepareSportsbook(config);
  const key = createPrivateKey(await readFile(sandboxKeyFiles(dataDir).providerPrivate));
  const app = createApp({ db: s.handle.db, config, logger: log, sites: createSiteBuilder({ ...tenantSource(s.handle.db, config), sitesDir: 'dist/bench-sportsbook-sites', log: () => {} }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  return {
    async call(path, claims) {
      const payload = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).setIssuedAt().setExpirationTime('2m').setJti(randomUUID()).sign(key);
      const body = JSON.stringify({ payload });
      const t0 = performance.now();
      const answer = await post(agent, new URL(`/api/sportsbook/${path}`, base), body);
      return { ...answer, ms: performance.now() - t0 };
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON POST with Host = the tenant's domain (node:http: fetch does not let a caller set Host). */
function post(agent: Agent, url: URL, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', agent, headers: { host: DOMAIN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** bet/make claims of pair `id` for `player`, as BetBy sends them. */
function makeClaims(player: number, id: string, stake: number, selections: number) {
  const common = { player_id: `bb-${player}`, operator_id: OPERATOR, operator_brand_id: BRAND, ext_player_id: String(player), currency: 'BRL' };
  return {
    amount: stake,
    currency: 'BRL',
    potential_win: stake * 3,
    transaction: { ...common, id: `${id}-m`, betslip_id: `${id}-s`, timestamp: Date.now(), amount: stake, operation: 'bet' },
    betslip: {
      ...common,
      id: `${id}-s`,
      timestamp: Date.now(),
      type: `${selections}/${selections}`,
      sum: stake,
      k: '3.00',
      bets: Array.from({ length: selections }, (_, n) => ({
        id: `${id}-b${n}`,
        event_id: `ev-${n}`,
        sport_name: 'Futebol',
        tournament_name: 'Brasileirão Série A',
        competitor_name: ['Flamengo', 'Palmeiras'],
        market_name: 'Resultado final',
        outcome_name: 'Flamengo',
        odds: '1.44',
        live: false,
      })),
    },
  };
}

function callbackPairs(s: Setup, call: Call, run: string, tally: Tally) {
  const send = async (path: string, claims: Record<string, unknown>) => {
    const answer = await call(path, claims);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    tally.calls.push(answer.ms);
    return JSON.parse(answer.text) as { id: string };
  };
  return async (i: number) => {
    const player = s.playerIds[i % s.playerIds.length]!;
    const { stake, win, selections } = pair(i);
    const id = `${run}-${i}`;
    const made = await send('bet/make', makeClaims(player, id, stake, selections));
    tally.stakes += stake;
    const transaction = { id: `${id}-x`, betslip_id: `${id}-s`, player_id: `bb-${player}`, operator_id: OPERATOR, operator_brand_id: BRAND, ext_player_id: String(player), timestamp: Date.now(), currency: 'BRL' };
    if (win > 0) await send('bet/win', { amount: win, currency: 'BRL', is_cashout: false, bet_transaction_id: made.id, transaction: { ...transaction, amount: win, operation: 'win' } });
    else await send('bet/lost', { amount: 0, currency: 'BRL', bet_transaction_id: made.id, transaction: { ...transaction, amount: 0, operation: 'lost' } });
    tally.payouts += win;
  };
}

function rawPairs(s: Setup, run: string, tally: Tally) {
  const move = async (userId: number, type: 'sports_bet' | 'sports_win', amount: number, reference: string) => {
    const t0 = performance.now();
    await applyMovement(s.handle.db, { tenantId: s.tenantId, userId, type, amount, reference, metadata: { betslip_id: reference } });
    tally.calls.push(performance.now() - t0);
  };
  return async (i: number) => {
    const player = s.playerIds[i % s.playerIds.length]!;
    const { stake, win } = pair(i);
    const id = `${run}-${i}`;
    await move(player, 'sports_bet', -stake, `raw:${id}-m`);
    tally.stakes += stake;
    if (win > 0) await move(player, 'sports_win', win, `raw:${id}-x`);
    tally.payouts += win;
  };
}

const ms = (sorted: number[]) => `p50 ${fmt(percentile(sorted, 50), 1)} ms, p95 ${fmt(percentile(sorted, 95), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms`;

function report(label: string, unit: string, r: LoadResult, tally: Tally): number {
  const pairs = r.latencies.length / r.seconds;
  const calls = [...tally.calls].sort((a, b) => a - b);
  write(`${label}: ${fmt(r.latencies.length)} pairs ok, ${r.failures} failed in ${fmt(r.seconds, 2)} s → ${fmt(pairs, 1)} pairs/s (bet/make + settlement), ${fmt(calls.length / r.seconds, 1)} ${unit}/s`);
  write(`    per ${unit.replace(/s$/, '')}: ${ms(calls)}`);
  write(`    per pair: ${ms(r.latencies)}`);
  return pairs;
}

async function bench(label: string, handle: DatabaseHandle, url: string, total: number): Promise<boolean> {
  const s = await prepare(handle);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-sportsbook-'));
  const platform = await startPlatform(s, url, dataDir);
  const run = Date.now().toString(36);
  const http = newTally();
  const raw = newTally();
  const until = () => Date.now() + MAX_SECONDS * 1000;
  let failures = 0;
  try {
    write(`${label}: ${fmt(PLAYERS)} players; ${fmt(total)} pairs, ${CONCURRENCY} in flight`);
    const warm = Math.min(100, Math.ceil(total / 10));
    const warmHttp = await load(warm, CONCURRENCY, until(), callbackPairs(s, platform.call, `${run}hw`, http));
    const warmRaw = await load(warm, CONCURRENCY, until(), rawPairs(s, `${run}rw`, raw));
    failures += warmHttp.failures + warmRaw.failures;
    http.calls.length = 0;
    raw.calls.length = 0;
    const h = await load(total, CONCURRENCY, until(), callbackPairs(s, platform.call, `${run}h`, http));
    const callbacks = report('  signed callbacks over HTTP (bet/make + bet/win or bet/lost)', 'calls', h, http);
    const r = await load(h.latencies.length + h.failures, CONCURRENCY, until(), rawPairs(s, `${run}r`, raw));
    const direct = report('  raw ledger movements (applyMovement)', 'movements', r, raw);
    write(`  ratio: callback pairs / raw-movement pairs = ${fmt(callbacks / direct, 2)}`);
    failures += h.failures + r.failures;
  } finally {
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  let ok = failures === 0;
  ok = printLedgerCheck(label, await checkLedger(handle.db), (line) => write(`  ${line}`)) && ok;
  for (const [what, prefix, tally] of [
    ['callbacks', `sportsbook:${run}h`, http],
    ['raw movements', `raw:${run}r`, raw],
  ] as const) {
    const moved = await movedUnder(s.handle.db, s.tenantId, prefix);
    const due = BigInt(tally.payouts - tally.stakes);
    write(`    money moved by the ${what}: ${fmt(Number(moved))} centavos; payouts − stakes sent: ${fmt(Number(due))}${moved === due ? '' : '  MISMATCH'}`);
    ok = ok && moved === due;
  }
  if (failures > 0) write(`  ${failures} pairs FAILED (see the first failure above)`);
  return ok;
}

async function main(): Promise<void> {
  write(`bench:sportsbook — signed sportsbook callbacks (bet/make + settlement over HTTP) vs raw ledger movements; ${CONCURRENCY} in flight`);
  const ok = await benchOnEachDatabase('bench_sportsbook', (label, handle, url, embedded) => bench(label, handle, url, embedded ? PGLITE_PAIRS : PG_PAIRS));
  if (!ok) {
    write('bench:sportsbook: FAILED (see above)');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
