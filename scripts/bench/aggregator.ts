/**
 * `npm run bench:aggregator`: the aggregators' seamless wallet under load,
 * next to the raw ledger movements it is made of, in the same run, so the
 * ratio means something on a shared, noisy machine.
 *
 * For each database (PostgreSQL when BENCH_DATABASE_URL / DATABASE_URL /
 * TEST_DATABASE_URL names one — a scratch database is created and dropped —
 * and the embedded PGlite): migrate, seed the demo tenants, fund
 * BENCH_PLAYERS players (default 200), then
 *  1. "seamless wallet over HTTP": the real platform app (createApp, with
 *     GAME_PROVIDER_SECRETS naming one of the demo catalogue's providers)
 *     on an ephemeral port; each round is a signed `bet` then a signed `win`
 *     (half of them 0, the provider's end of a lost round) for a fresh
 *     round id, naming a catalogue game, as an aggregator sends them:
 *     `POST /api/providers/{code}/wallet`, Host = the tenant's domain;
 *  2. "raw movements": the same rounds as bare `applyMovement` calls (the
 *     stake debit and, when the win is not 0, the credit; no HTTP, no
 *     signature, no round bookkeeping);
 *  3. the HTTP rounds again, sent by the sandbox aggregator's own wallet
 *     client (one attempt each, no retry), as its game page's rounds are.
 * BENCH_ROUNDS rounds each (default 2000 on PostgreSQL; BENCH_PGLITE_ROUNDS,
 * default 400, on PGlite, whose one connection runs the calls one after the
 * other), BENCH_CONCURRENCY in flight (default 10), each phase bounded by
 * BENCH_MAX_SECONDS (default 30, so a run stays within ~3 minutes on a busy
 * machine; the later phases then run as many rounds as the HTTP phase did).
 * A short unmeasured warm-up of each kind comes first.
 * BENCH_LOG_LEVEL=error shows the platform's error lines (silent otherwise).
 *
 * Checks at the end (exit 1 when one fails, or when any call failed): every
 * wallet equals its ledger (scripts/faults/ledger-check.ts, which also
 * checks each accepted provider call was applied exactly once with its
 * amount), the money moved by each phase equals its payouts − stakes, and
 * every round the provider opened is settled.
 */
import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { createApp } from '../../server/app.ts';
import { getConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/open.ts';
import { users } from '../../server/db/schema.ts';
import { createWalletClient, type WalletCall } from '../../server/features/casino/aggregators/sandbox/wallet-client.ts';
import { gameProviders, games, providerRounds } from '../../server/features/casino/schema.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../server/features/payments/signature.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { seedDemoTenants } from '../../server/features/tenants/demo/seed.ts';
import { applyMovement } from '../../server/features/wallet/movement.ts';
import { createLogger } from '../../server/logger.ts';
import { createSiteBuilder } from '../../server/sites/index.ts';
import { tenantSource } from '../../server/sites/tenant-source.ts';
import { checkLedger, type ExpectedProviderMovement, printLedgerCheck } from '../faults/ledger-check.ts';
import { movedUnder } from './ledger-sum.ts';
import { envNumber, fmt, load, type LoadResult, percentile } from './load.ts';
import { benchOnEachDatabase } from './scratch-db.ts';

const PG_ROUNDS = envNumber('BENCH_ROUNDS', 2000);
const PGLITE_ROUNDS = envNumber('BENCH_PGLITE_ROUNDS', process.env.BENCH_ROUNDS ? PG_ROUNDS : 400);
const PLAYERS = envNumber('BENCH_PLAYERS', 200);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 10);
const MAX_SECONDS = envNumber('BENCH_MAX_SECONDS', 30);
const DEPOSIT = 100_000_000;
const DOMAIN = 'localhost';
const SECRET = randomBytes(24).toString('hex');
const log = createLogger(process.env.BENCH_LOG_LEVEL === 'error' ? 'error' : 'silent');
const write = (line: string) => process.stdout.write(`${line}\n`);

/** Round i's stake and win in centavos: stakes R$ 1–10, half the rounds lost (a 0 win), the rest pay ½× to 3×. */
function round(i: number): { stake: number; win: number } {
  const stake = 100 + ((i * 37) % 901);
  const k = i % 6;
  const win = k < 3 ? 0 : k === 3 ? Math.floor(stake / 2) : k === 4 ? stake * 2 : stake * 3;
  return { stake, win };
}

/** What a phase moved, as its sender counted it. */
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
  /** The catalogue provider the bench plays as, and one of its games. */
  provider: string;
  gameId: string;
  gameTitle: string;
}

async function prepare(handle: DatabaseHandle): Promise<Setup> {
  await handle.migrate();
  await seedDemoTenants(handle.db, log);
  const tenant = await findTenantByDomain(handle.db, DOMAIN);
  if (!tenant) throw new Error(`demo tenant ${DOMAIN} missing`);
  // A real aggregator names a catalogue game: the bet then also marks it played, and the win looks up its cap.
  const [game] = await handle.db
    .select({ provider: gameProviders.code, gameId: games.gameId, title: games.title })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.tenantId, tenant.id), ne(gameProviders.code, 'house')))
    .orderBy(games.id)
    .limit(1);
  if (!game) throw new Error('the demo catalogue has no aggregator game');
  const rows = await handle.db
    .insert(users)
    .values(Array.from({ length: PLAYERS }, (_, i) => ({ tenantId: tenant.id, name: `Bench ${i}`, username: `+55117${String(70000000 + i)}` })))
    .returning({ id: users.id });
  const playerIds = rows.map((r) => r.id);
  for (const userId of playerIds) await applyMovement(handle.db, { tenantId: tenant.id, userId, type: 'deposit', amount: DEPOSIT, reference: `bench-agg-seed-${userId}` });
  return { handle, tenantId: tenant.id, playerIds, provider: game.provider, gameId: game.gameId, gameTitle: game.title };
}

/** Sends one wallet call body; answers the status (0: no answer) and the body text. */
type Send = (payload: Record<string, unknown>) => Promise<{ status: number; text: string }>;

/**
 * The platform app on an ephemeral port, with `provider` allowed to call its
 * seamless wallet, and two ways to call it: `direct`, a signed POST on
 * keep-alive connections, and `sandboxClient`, the sandbox aggregator's
 * wallet client (server/features/casino/aggregators/sandbox/wallet-client.ts).
 */
async function startPlatform(s: Setup, url: string): Promise<{ direct: Send; sandboxClient: Send; close: () => Promise<void> }> {
  const config = getConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', GAME_PROVIDER_SECRETS: `${s.provider}:${SECRET}` });
  const app = createApp({ db: s.handle.db, config, logger: log, sites: createSiteBuilder({ ...tenantSource(s.handle.db, config), sitesDir: 'dist/bench-aggregator-sites', log: () => {} }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Keep-alive connections, as an aggregator's client holds them; one per call in flight.
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const path = new URL(`/api/providers/${s.provider}/wallet`, baseUrl);
  const client = createWalletClient({ walletUrl: `${baseUrl}/api`, secret: SECRET });
  return {
    direct: (payload) => {
      const body = JSON.stringify(payload);
      return post(agent, path, body, { [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, SECRET) });
    },
    sandboxClient: async (payload) => {
      // One attempt with a long timeout: a retry (a replay) would blur the figure of the call itself.
      const outcome = await client.call({ tenant: DOMAIN, provider: s.provider }, payload as unknown as WalletCall, { attempts: 1, timeoutMs: 60_000 });
      if (outcome.kind === 'ok') return { status: 200, text: '' };
      if (outcome.kind === 'refused') return { status: outcome.status, text: `${outcome.error}: ${outcome.message}` };
      return { status: 0, text: outcome.reason };
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A JSON POST with Host = the tenant's domain (the provider calls the
 * tenant's own API host, which names the tenant). node:http, not fetch:
 * fetch does not let a caller set Host.
 */
function post(agent: Agent, url: URL, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, host: DOMAIN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
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

/** Rounds over HTTP, each call through `call`: fills `tally` and `expected`. */
function seamlessRounds(s: Setup, call: Send, run: string, tally: Tally, expected: ExpectedProviderMovement[]) {
  const send = async (payload: Record<string, unknown>, movement: Omit<ExpectedProviderMovement, 'tenantId' | 'applied'> | null) => {
    const t0 = performance.now();
    const answer = await call(payload);
    if (movement) expected.push({ ...movement, tenantId: s.tenantId, applied: answer.status === 200 });
    if (answer.status !== 200) throw new Error(`${String(payload.action)} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    tally.calls.push(performance.now() - t0);
  };
  return async (i: number) => {
    const player = s.playerIds[i % s.playerIds.length]!;
    const { stake, win } = round(i);
    const id = `${run}-${i}`;
    const roundId = `r-${id}`;
    await send(
      { action: 'bet', player_id: player, round_id: roundId, transaction_id: `${id}-b`, amount: stake, game: s.gameTitle, game_id: s.gameId },
      { type: 'bet', reference: `${s.provider}:${id}-b`, amount: -stake },
    );
    tally.stakes += stake;
    await send(
      { action: 'win', player_id: player, round_id: roundId, transaction_id: `${id}-w`, amount: win, game: s.gameTitle, game_id: s.gameId },
      win > 0 ? { type: 'win', reference: `${s.provider}:${id}-w`, amount: win } : null,
    );
    tally.payouts += win;
  };
}

/** The same rounds as bare ledger movements. */
function rawRounds(s: Setup, run: string, tally: Tally) {
  const move = async (userId: number, type: 'bet' | 'win', amount: number, reference: string, roundId: string) => {
    const t0 = performance.now();
    await applyMovement(s.handle.db, { tenantId: s.tenantId, userId, type, amount, reference, metadata: { game: s.gameTitle, provider: s.provider, round_id: roundId } });
    tally.calls.push(performance.now() - t0);
  };
  return async (i: number) => {
    const player = s.playerIds[i % s.playerIds.length]!;
    const { stake, win } = round(i);
    const id = `${run}-${i}`;
    await move(player, 'bet', -stake, `raw:${id}-b`, `r-${id}`);
    tally.stakes += stake;
    if (win > 0) await move(player, 'win', win, `raw:${id}-w`, `r-${id}`);
    tally.payouts += win;
  };
}

const ms = (sorted: number[]) => `p50 ${fmt(percentile(sorted, 50), 1)} ms, p95 ${fmt(percentile(sorted, 95), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms`;

/** Prints a phase's figures; returns its rounds per second. */
function report(label: string, unit: string, r: LoadResult, tally: Tally): number {
  const rounds = r.latencies.length / r.seconds;
  const calls = [...tally.calls].sort((a, b) => a - b);
  write(
    `${label}: ${fmt(r.latencies.length)} rounds ok, ${r.failures} failed in ${fmt(r.seconds, 2)} s → ${fmt(rounds, 1)} rounds/s (bet + win), ${fmt(calls.length / r.seconds, 1)} ${unit}/s`,
  );
  write(`    per ${unit.replace(/s$/, '')}: ${ms(calls)}`);
  write(`    per round: ${ms(r.latencies)}`);
  return rounds;
}

async function bench(label: string, handle: DatabaseHandle, url: string, total: number): Promise<boolean> {
  const s = await prepare(handle);
  const platform = await startPlatform(s, url);
  // Each kind of round has its own tag in its references (`{provider}:{run}h…`, `…c…`, `raw:{run}r…`), warm-ups included.
  const run = Date.now().toString(36);
  const http = newTally();
  const client = newTally();
  const raw = newTally();
  const expected: ExpectedProviderMovement[] = [];
  const until = () => Date.now() + MAX_SECONDS * 1000;
  let failures = 0;
  try {
    write(`${label}: ${fmt(PLAYERS)} players, provider "${s.provider}", game "${s.gameTitle}"; ${fmt(total)} rounds, ${CONCURRENCY} in flight`);
    // Warm-up (JIT, connection pool, caches): counted in the checks, not in the figures.
    const warm = Math.min(100, Math.ceil(total / 10));
    const warmHttp = await load(warm, CONCURRENCY, until(), seamlessRounds(s, platform.direct, `${run}hw`, http, expected));
    const warmRaw = await load(warm, CONCURRENCY, until(), rawRounds(s, `${run}rw`, raw));
    failures += warmHttp.failures + warmRaw.failures;
    http.calls.length = 0;
    raw.calls.length = 0;

    const h = await load(total, CONCURRENCY, until(), seamlessRounds(s, platform.direct, `${run}h`, http, expected));
    const seamless = report(`  seamless wallet over HTTP (signed bet + win)`, 'calls', h, http);
    // As many rounds as the HTTP phase got through, so every phase moves the same money.
    const done = h.latencies.length + h.failures;
    const r = await load(done, CONCURRENCY, until(), rawRounds(s, `${run}r`, raw));
    const direct = report(`  raw ledger movements (applyMovement)`, 'movements', r, raw);
    write(`  ratio: seamless-wallet rounds / raw-movement rounds = ${fmt(seamless / direct, 2)}`);
    const c = await load(done, CONCURRENCY, until(), seamlessRounds(s, platform.sandboxClient, `${run}c`, client, expected));
    const throughClient = report(`  the same HTTP rounds sent by the sandbox aggregator's wallet client`, 'calls', c, client);
    write(`  ratio: sandbox-client rounds / raw-movement rounds = ${fmt(throughClient / direct, 2)}`);
    failures += h.failures + r.failures + c.failures;
  } finally {
    await platform.close();
  }

  let ok = failures === 0;
  const ledger = await checkLedger(handle.db, { providerMovements: expected });
  ok = printLedgerCheck(label, ledger, (line) => write(`  ${line}`)) && ok;
  for (const [what, prefix, tally] of [
    ['seamless wallet', `${s.provider}:${run}h`, http],
    ['raw movements', `raw:${run}r`, raw],
    ['sandbox client', `${s.provider}:${run}c`, client],
  ] as const) {
    const moved = await movedUnder(s.handle.db, s.tenantId, prefix);
    const due = BigInt(tally.payouts - tally.stakes);
    write(`    money moved by the ${what}: ${fmt(Number(moved))} centavos; payouts − stakes sent: ${fmt(Number(due))}${moved === due ? '' : '  MISMATCH'}`);
    ok = ok && moved === due;
  }
  const [open] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(providerRounds)
    .where(and(eq(providerRounds.provider, s.provider), isNull(providerRounds.settledAt)));
  write(`    provider rounds left open: ${open?.n ?? '?'}`);
  ok = ok && open?.n === 0;
  if (failures > 0) write(`  ${failures} rounds FAILED (see the first failure above)`);
  return ok;
}

async function main(): Promise<void> {
  write(`bench:aggregator — seamless wallet rounds (signed bet + win over HTTP) vs raw ledger movements; ${CONCURRENCY} in flight`);
  const ok = await benchOnEachDatabase('bench_aggregator', (label, handle, url, embedded) => bench(label, handle, url, embedded ? PGLITE_ROUNDS : PG_ROUNDS));
  if (!ok) {
    write('bench:aggregator: FAILED (see above)');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
