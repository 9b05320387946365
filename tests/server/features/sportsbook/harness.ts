import { createHmac, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { SignJWT } from 'jose';
import { createApp } from '../../../../server/app.ts';
import type { Config } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { createSportsbook, type Sportsbook } from '../../../../server/features/sportsbook/index.ts';
import { sandboxKeyFiles } from '../../../../server/features/sportsbook/config.ts';
import { seedDemoTenants } from '../../../../server/features/tenants/demo/seed.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ledgerEntries, wallets } from '../../../../server/features/wallet/schema.ts';
import { fakeSiteBuilder, silentLog, testConfig } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { playerMaker, recordingPublisher } from '../../helpers/feature-harness.ts';

/** The demo brand of `localhost` and the sandbox's operator id (server/features/tenants/demo/tenants.ts, SPORTSBOOK_OPERATOR_ID's default). */
export const BRAND = 'ipe-bet';
export const OPERATOR = 'sandbox-operator';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** How a callback token is made: the provider's real key, or one of the attacks. */
export type Signing = 'valid' | 'forged' | 'none' | 'hs256-confusion' | 'rs256' | 'expired' | 'future-iat' | 'future-nbf' | 'no-exp';

export interface SportsHarness {
  tdb: TestDatabase;
  db: Db;
  config: Config;
  app: Hono;
  sportsbook: Sportsbook;
  /** http://127.0.0.1:{port}: the real server the sandbox's callbacks go through. */
  base: string;
  tenantId: number;
  published: ReturnType<typeof recordingPublisher>['published'];
  player(deposit?: number): Promise<{ userId: number; token: string }>;
  /** A provider token of `claims`, signed as `signing` says. */
  sign(claims: Record<string, unknown>, signing?: Signing): Promise<string>;
  /** `POST /api/sportsbook/{path}` with `{ payload: token }` (or a raw body), Host localhost unless told. */
  callback(path: string, body: string | { payload: string }, host?: string): Promise<Reply>;
  /** Signs `claims` validly and posts them. */
  call(path: string, claims: Record<string, unknown>, host?: string): Promise<Reply>;
  /** A player's API call under /api. */
  api(method: string, path: string, token: string | null, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** The sandbox's own HTTP API, as the widget on `localhost` calls it. */
  sandbox(method: string, path: string, opts?: { token?: string; body?: unknown; lang?: string }): Promise<Reply>;
  /** The player's balance after checking the ledger sums to it. */
  balance(userId: number): Promise<number>;
  /** Every wallet of the database equals its ledger; no balance is negative. */
  ledgerMatches(): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;
/** A unique id for transactions and betslips. */
export const uid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;

/** bet/make claims of one selection (or `selections` of them) for a player, as BetBy sends them. */
export function makeClaims(userId: number, opts: { tx?: string; betslip?: string; amount?: number; currency?: string; brand?: string; selections?: number } = {}) {
  const tx = opts.tx ?? uid('tx');
  const betslip = opts.betslip ?? uid('slip');
  const amount = opts.amount ?? 1000;
  const currency = opts.currency ?? 'BRL';
  const brand = opts.brand ?? BRAND;
  const n = opts.selections ?? 1;
  const common = { player_id: `bb-${userId}`, operator_id: OPERATOR, operator_brand_id: brand, ext_player_id: String(userId), currency };
  return {
    amount,
    currency,
    player_id: `bb-${userId}`,
    potential_win: amount * 2,
    transaction: { ...common, id: tx, betslip_id: betslip, timestamp: Date.now(), amount, operation: 'bet' },
    betslip: {
      ...common,
      id: betslip,
      timestamp: Date.now(),
      type: `${n}/${n}`,
      sum: amount,
      k: '2.00',
      bets: Array.from({ length: n }, (_, i) => ({
        id: `${betslip}-${i}`,
        event_id: `ev-${i}`,
        sport_name: 'Futebol',
        tournament_name: 'Brasileirão Série A',
        competitor_name: ['Flamengo', 'Palmeiras'],
        market_name: 'Resultado final',
        outcome_name: 'Flamengo',
        odds: '2.00',
        live: false,
        scheduled: Math.floor(Date.now() / 1000) + 3600,
      })),
    },
  };
}

/** A settlement transaction of `operation` for the betslip of a make. */
export function settleTransaction(userId: number, betslip: string, operation: 'win' | 'lost' | 'refund' | 'rollback', amount: number, tx = uid('tx')) {
  return { id: tx, betslip_id: betslip, player_id: `bb-${userId}`, operator_id: OPERATOR, operator_brand_id: BRAND, ext_player_id: String(userId), timestamp: Date.now(), amount, currency: 'BRL', operation };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The platform (createApp, demo tenants seeded, a temporary DATA_DIR for the
 * sportsbook's keys) on a real HTTP server on an ephemeral port; the sandbox
 * sportsbook calls back through it with short retries.
 */
export async function sportsHarness(env: Record<string, string> = {}): Promise<SportsHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
  const dataDir = await mkdtemp(join(tmpdir(), 'sports-'));
  let app: Hono | null = null;
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ hostname: '127.0.0.1', port: 0, fetch: (req: Request) => app!.fetch(req) }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ DATA_DIR: dataDir, SPORTSBOOK_CALLBACK_BASE_URL: `${base}/api/sportsbook`, ...env });
  const recorder = recordingPublisher();
  const sportsbook = createSportsbook({
    db,
    config,
    log: silentLog,
    publish: recorder.publish,
    sandbox: { retry: { attempts: 3, backoffMs: 20, timeoutMs: 3000 }, owedRetry: { baseMs: 50, maxMs: 200, maxAttempts: 20 } },
  });
  app = createApp({ db, config, sites: fakeSiteBuilder(), logger: silentLog, publish: recorder.publish, sportsbook });
  // The keys exist once the platform has read them (the sandbox's are made on that first read).
  await import('../../../../server/features/sportsbook/index.ts').then((m) => m.prepareSportsbook(config));
  const files = sandboxKeyFiles(dataDir);
  const providerKey = (await import('node:crypto')).createPrivateKey(await readFile(files.providerPrivate));
  const providerPublicPem = await readFile(files.providerPublic, 'utf8');
  const forgedKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const makePlayer = playerMaker(db);
  let deposits = 0;

  const signWith = (claims: Record<string, unknown>, key: KeyObject, alg: string, times: { iat?: number; exp?: number | null; nbf?: number } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setIssuedAt(times.iat ?? now).setJti(randomUUID());
    if (times.exp !== null) jwt = jwt.setExpirationTime(times.exp ?? now + 120);
    if (times.nbf !== undefined) jwt = jwt.setNotBefore(times.nbf);
    return jwt.sign(key);
  };

  const h: SportsHarness = {
    tdb,
    db,
    config,
    app,
    sportsbook,
    base,
    tenantId,
    published: recorder.published,
    async player(deposit = 0) {
      const p = await makePlayer({ id: tenantId, casinoId: tenantId, host: 'localhost', key: '' });
      if (deposit > 0) await applyMovement(db, { tenantId, userId: p.userId, type: 'deposit', amount: deposit, reference: `sports-dep-${(deposits += 1)}-${p.userId}` });
      return p;
    },
    async sign(claims, signing = 'valid') {
      const now = Math.floor(Date.now() / 1000);
      switch (signing) {
        case 'valid':
          return signWith(claims, providerKey, 'ES256');
        case 'forged':
          return signWith(claims, forgedKey, 'ES256');
        case 'rs256':
          return signWith(claims, rsaKey, 'RS256');
        case 'expired':
          return signWith(claims, providerKey, 'ES256', { iat: now - 400, exp: now - 200 });
        case 'future-iat':
          return signWith(claims, providerKey, 'ES256', { iat: now + 600, exp: now + 900 });
        case 'future-nbf':
          return signWith(claims, providerKey, 'ES256', { nbf: now + 600, exp: now + 900 });
        case 'no-exp':
          return signWith(claims, providerKey, 'ES256', { exp: null });
        case 'none':
          return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 120, jti: randomUUID() })}.`;
        case 'hs256-confusion': {
          // The classic confusion: HMAC keyed with the provider's public key (PEM text), as a verifier trusting the header would accept.
          const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 120, jti: randomUUID() })}`;
          return `${head}.${createHmac('sha256', providerPublicPem).update(head).digest('base64url')}`;
        }
      }
    },
    async callback(path, body, host = 'localhost') {
      const res = await app!.request(`/api/sportsbook/${path}`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async call(path, claims, host) {
      return h.callback(path, { payload: await h.sign(claims) }, host);
    },
    async api(method, path, token, body, headers = {}) {
      const res = await app!.request(`/api${path}`, {
        method,
        headers: { host: 'localhost', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async sandbox(method, path, opts = {}) {
      // In-process like a browser on the tenant's site (Node's fetch would drop the Host); the sandbox's callbacks still cross real HTTP.
      const res = await app!.request(`/sandbox-sportsbook${path}`, {
        method,
        headers: {
          host: 'localhost',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.lang ? { 'accept-language': opts.lang } : {}),
        },
        ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async balance(userId) {
      const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
      if (!w) return 0;
      const [l] = await db
        .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      if (BigInt(l!.s) !== w.balance) throw new Error(`ledger ${l!.s} ≠ balance ${w.balance}`);
      return Number(w.balance);
    },
    async ledgerMatches() {
      const rows = await db.execute<{ user_id: number; balance: string; sum: string; withdrawable: string; wsum: string }>(sql`
        select w.user_id, w.balance::text as balance, coalesce(sum(l.amount), 0)::text as sum,
               w.balance_withdrawal::text as withdrawable, coalesce(sum(l.withdrawable_delta), 0)::text as wsum
        from wallets w left join ledger_entries l on l.user_id = w.user_id group by w.user_id`);
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ user_id: number; balance: string; sum: string; withdrawable: string; wsum: string }>;
      for (const r of list) {
        if (r.balance !== r.sum || r.withdrawable !== r.wsum) throw new Error(`wallet ${r.user_id}: balance ${r.balance} ledger ${r.sum}, withdrawable ${r.withdrawable} ledger ${r.wsum}`);
        if (BigInt(r.balance) < 0n) throw new Error(`wallet ${r.user_id} negative`);
      }
    },
    async close() {
      sportsbook.sandbox?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await tdb.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}
