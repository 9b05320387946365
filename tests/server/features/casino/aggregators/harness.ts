import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createApp } from '../../../../../server/app.ts';
import type { Config } from '../../../../../server/config.ts';
import type { Db } from '../../../../../server/db/open.ts';
import { type Aggregators, createAggregators } from '../../../../../server/features/casino/aggregators/index.ts';
import { sandboxAggregatorOwedCalls } from '../../../../../server/features/casino/aggregators/sandbox/schema.ts';
import { seedDemoTenants } from '../../../../../server/features/tenants/demo/seed.ts';
import { findTenantByDomain } from '../../../../../server/features/tenants/find-tenant.ts';
import { applyMovement } from '../../../../../server/features/wallet/movement.ts';
import { ledgerEntries, wallets } from '../../../../../server/features/wallet/schema.ts';
import { fakeSiteBuilder, silentLog, testConfig } from '../../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../../helpers/db.ts';
import { playerMaker } from '../../../helpers/feature-harness.ts';

/** What the platform's side of the wire does to the sandbox's wallet calls of one action. */
export type Fault =
  /** Answers normally. */
  | 'pass'
  /** 503 without applying anything: the platform is down. */
  | 'down'
  /** Applies the call, then loses the answer (502): the proxy in front failed after the platform did the work. */
  | 'lose-answer'
  /** Holds the next call past the client's timeout, then applies it (its answer goes nowhere); later calls pass. */
  | 'slow-once';

type Action = 'balance' | 'bet' | 'win' | 'rollback';

export interface SandboxHarness {
  tdb: TestDatabase;
  db: Db;
  config: Config;
  app: Hono;
  aggregators: Aggregators;
  /** http://127.0.0.1:{port}: the real HTTP server both the sandbox's page calls and its wallet calls go through. */
  base: string;
  tenantId: number;
  faults: Record<Action, Fault>;
  /** Resolves once every call held by `slow-once` has reached the platform. */
  heldCallsLanded(): Promise<void>;
  /** Wallet calls received per action (attempts included). */
  received: Record<Action, number>;
  /** A player of `localhost` with `deposit` centavos: id and access token. */
  player(deposit?: number): Promise<{ userId: number; token: string }>;
  /** The launch URL of a demo-catalogue game, from the platform's `POST /api/games/url`. */
  launch(game: { game_id: string; provider_code: string }, opts?: { token?: string; demo?: boolean; lang?: 'pt' | 'en' }): Promise<string>;
  /** The launch token of a launch URL. */
  tokenOf(url: string): string;
  /** A call to the sandbox aggregator over HTTP (path under /sandbox-aggregator). */
  sandbox(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  /** Balance and withdrawable of the player's wallet, after checking the ledger sums to them. */
  wallet(userId: number): Promise<number>;
  /** Ledger rows of a provider's round: `{reference, type, amount}`. */
  roundRows(provider: string, roundId: string): Promise<Array<{ reference: string; type: string; amount: number }>>;
  owed(): Promise<Array<typeof sandboxAggregatorOwedCalls.$inferSelect>>;
  close(): Promise<void>;
}

/** The client's timeout per wallet call, and how long a `slow-once` call is held (past it). Generous: PGlite serialises the concurrent tests' calls. */
const TIMEOUT_MS = 2000;
const SLOW_MS = 2500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The platform (createApp, demo tenants seeded) on a real HTTP server on an
 * ephemeral port, with the sandbox aggregator calling its wallet through
 * that server (node:http with the tenant's Host), short timeouts and
 * backoffs, and a fault switch per wallet action on the platform's side of
 * the wire.
 */
export async function sandboxHarness(env: Record<string, string> = {}): Promise<SandboxHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
  const faults: Record<Action, Fault> = { balance: 'pass', bet: 'pass', win: 'pass', rollback: 'pass' };
  const received: Record<Action, number> = { balance: 0, bet: 0, win: 0, rollback: 0 };
  let app: Hono | null = null;
  const held = new Set<Promise<unknown>>();

  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        fetch: async (req: Request) => {
          if (!/\/api\/providers\/[^/]+\/wallet$/.test(new URL(req.url).pathname)) return app!.fetch(req);
          const action = (JSON.parse(await req.clone().text()) as { action: Action }).action;
          received[action] += 1;
          const fault = faults[action];
          if (fault === 'down') return new Response('{"message":"down"}', { status: 503 });
          if (fault === 'slow-once') {
            faults[action] = 'pass';
            const late = sleep(SLOW_MS).then(() => app!.fetch(req));
            held.add(late);
            await late.finally(() => held.delete(late));
            return new Response('{"message":"late"}', { status: 504 });
          }
          const answer = await app!.fetch(req);
          if (fault === 'lose-answer') return new Response('{"message":"bad gateway"}', { status: 502 });
          return answer;
        },
      },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const config = testConfig({ SANDBOX_AGGREGATOR_WALLET_URL: `${base}/api`, ...env });
  const aggregators = createAggregators({
    db,
    config,
    log: silentLog,
    sandbox: { walletRetry: { attempts: 3, backoffMs: 20, timeoutMs: TIMEOUT_MS }, owedRetry: { baseMs: 40, maxMs: 200, maxAttempts: 100, timeoutMs: 1000 } },
  });
  app = createApp({ db, config, sites: fakeSiteBuilder(), logger: silentLog, aggregators });
  const makePlayer = playerMaker(db);
  let deposits = 0;

  const h: SandboxHarness = {
    tdb,
    db,
    config,
    app,
    aggregators,
    base,
    tenantId,
    faults,
    received,
    async heldCallsLanded() {
      await Promise.all([...held]);
    },
    async player(deposit = 0) {
      const p = await makePlayer({ id: tenantId, casinoId: tenantId, host: 'localhost', key: '' });
      if (deposit > 0) await applyMovement(db, { tenantId, userId: p.userId, type: 'deposit', amount: deposit, reference: `sbx-dep-${(deposits += 1)}` });
      return p;
    },
    async launch(game, opts = {}) {
      const res = await app!.request('/api/games/url', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
        body: JSON.stringify({ ...game, demo: opts.demo ?? false, lang: opts.lang ?? 'pt' }),
      });
      const body = (await res.json()) as { gameUrl?: string };
      if (res.status !== 200 || !body.gameUrl) throw new Error(`launch answered ${res.status}: ${JSON.stringify(body)}`);
      return body.gameUrl;
    },
    tokenOf: (url) => new URL(url, base).searchParams.get('token')!,
    async sandbox(method, path, body) {
      const res = await fetch(`${base}/sandbox-aggregator${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text };
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async wallet(userId) {
      const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
      const [l] = await db
        .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      if (BigInt(l!.s) !== w!.balance) throw new Error(`ledger ${l!.s} ≠ balance ${w!.balance}`);
      if (w!.balance < 0n) throw new Error('negative balance');
      return Number(w!.balance);
    },
    async roundRows(provider, roundId) {
      const rows = await db
        .select({ reference: ledgerEntries.reference, type: ledgerEntries.type, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.tenantId, tenantId), like(ledgerEntries.reference, `${provider}:${roundId}:%`)));
      return rows.map((r) => ({ reference: r.reference!, type: r.type, amount: Number(r.amount) })).sort((a, b) => a.reference.localeCompare(b.reference));
    },
    owed: () => db.select().from(sandboxAggregatorOwedCalls).orderBy(sandboxAggregatorOwedCalls.id),
    async close() {
      await aggregators.sandbox?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await tdb.close();
    },
  };
  return h;
}
