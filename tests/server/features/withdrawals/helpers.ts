import { and, eq, sql } from 'drizzle-orm';
import { cpfFor } from '../../../../scripts/faults/players.ts';
import type { Hono } from 'hono';
import { createApp } from '../../../../server/app.ts';
import { getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { ledgerEntries, users, wallets, withdrawals } from '../../../../server/db/schema.ts';
import { createSandboxPsp, type SandboxPsp } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { createWithdrawalsDeps, type WithdrawalsDeps } from '../../../../server/features/withdrawals/deps.ts';
import type { PayoutPsp } from '../../../../server/features/payments/psp.ts';
import { createLogger, type Logger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { verifyPlayerDocuments } from '../../helpers/kyc.ts';

export const SECRET = 'test-webhook-secret-0123456789';
export const LOCAL_KEY = demoOperatorKey('localhost');
export const SORTE_KEY = demoOperatorKey('sorte.localhost');

/** Valid CPFs for test players, the same maker the fault harness uses. */
export { cpfFor };

export interface Player {
  id: number;
  token: string;
  cpf: string | null;
  phone: string;
  email: string;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface WithdrawalHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  sandbox: SandboxPsp;
  /** The PSP the platform uses: the sandbox unless a test swapped `pspOverride`. */
  deps: WithdrawalsDeps;
  tenants: { local: number; sorte: number };
  published: Array<{ channels: string[]; event: string; data: unknown }>;
  /** Replaces individual PSP calls (to simulate failures); cleared with `{}`. */
  pspOverride: Partial<PayoutPsp>;
  /**
   * A player with a CPF, a verified phone (by default) and approved identity
   * documents (every demo tenant has `kyc` on); `documents: 'none'` leaves
   * the documents out, for tests of the KYC refusal.
   */
  player(opts?: { cpf?: string | null; verified?: 'email' | 'phone' | 'both' | null; tenantId?: number; documents?: 'approved' | 'none' }): Promise<Player>;
  call(method: string, path: string, opts?: { body?: unknown; token?: string; lang?: string; host?: string; headers?: Record<string, string> }): Promise<Answer>;
  operator(method: string, path: string, key: string, body?: unknown): Promise<Answer>;
  /** Credits withdrawable money as a settled deposit would. */
  deposit(userId: number, amount: number, tenantId?: number): Promise<void>;
  /** Registers a Pix key through the API (the player's own CPF by default) and answers its id. */
  method(p: Player, type?: 'cpf' | 'phone' | 'email' | 'random', key?: string): Promise<number>;
  /** Balances, ledger sums and entry count of a player. */
  money(userId: number): Promise<{ balance: bigint; withdrawable: bigint; ledger: [bigint, bigint]; entries: number }>;
  withdrawal(id: number): Promise<typeof withdrawals.$inferSelect>;
  close(): Promise<void>;
}

/**
 * A migrated, seeded database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * and the real app with the sandbox PSP, whose payout webhooks go to the app
 * itself and are only sent when a test calls `sandbox.settlePayout` (or
 * `payoutDelayMs` says otherwise).
 */
export async function withdrawalHarness(opts: { env?: Record<string, string>; payoutDelayMs?: number | null; logger?: Logger } = {}): Promise<WithdrawalHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const local = (await findTenantByDomain(db, 'localhost'))!.id;
  const sorte = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
  const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PIX_WEBHOOK_SECRET: SECRET, PIX_WEBHOOK_URL: 'http://localhost/api/pix/webhook', ...opts.env });
  const published: WithdrawalHarness['published'] = [];
  let app: Hono | null = null;
  const sandbox = createSandboxPsp({
    db,
    merchantName: 'Cassino Teste',
    merchantCity: 'Sao Paulo',
    webhookUrl: config.pix.webhookUrl,
    webhookSecret: SECRET,
    fetch: async (url, init) => app!.request(url, init),
    payoutDelayMs: opts.payoutDelayMs === undefined ? null : opts.payoutDelayMs,
  });
  const pspOverride: Partial<PayoutPsp> = {};
  // The platform sees the sandbox through a proxy so tests can make single calls fail.
  const psp = new Proxy(sandbox, {
    get(target, prop, receiver) {
      const override = (pspOverride as Record<string | symbol, unknown>)[prop];
      return override ?? Reflect.get(target, prop, receiver);
    },
  });
  const publish = async (channels: string[], event: string, data: unknown) => void published.push({ channels, event, data });
  const log = opts.logger ?? createLogger('silent');
  const deps = createWithdrawalsDeps({ db, psp, publish, config, log });
  app = createApp({ db, config, sites: fakeSiteBuilder(), logger: log, payments: { psp, publish }, withdrawals: deps });
  const theApp = app;

  let n = 0;
  const call: WithdrawalHarness['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { host: o.host ?? 'localhost', 'content-type': 'application/json', 'accept-language': o.lang ?? 'en', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const body = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    const res = await theApp.request(`/api${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const h: WithdrawalHarness = {
    tdb,
    db,
    app: theApp,
    sandbox,
    deps,
    tenants: { local, sorte },
    published,
    pspOverride,
    async player(p = {}) {
      n += 1;
      const tenantId = p.tenantId ?? local;
      const cpf = p.cpf === undefined ? cpfFor(n) : p.cpf;
      const phone = `+55119${String(70000000 + n).padStart(8, '0')}`;
      const email = `jogador${n}@example.com`;
      const verified = p.verified === undefined ? 'phone' : p.verified;
      const at = new Date();
      const [row] = await db
        .insert(users)
        .values({
          tenantId,
          name: `Jogador ${n}`,
          username: phone,
          email,
          cpf,
          emailVerifiedAt: verified === 'email' || verified === 'both' ? at : null,
          phoneVerifiedAt: verified === 'phone' || verified === 'both' ? at : null,
        })
        .returning({ id: users.id });
      if ((p.documents ?? 'approved') === 'approved') await verifyPlayerDocuments(db, tenantId, row!.id);
      const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
      return { id: row!.id, token, cpf, phone, email };
    },
    call,
    operator: (method, path, key, body) => call(method, `/operator${path}`, { host: 'platform.internal:4321', headers: { 'x-operator-key': key }, body }),
    async deposit(userId, amount, tenantId = local) {
      await applyMovement(db, { tenantId, userId, type: 'deposit', amount, reference: `test-deposit-${userId}-${Math.random().toString(36).slice(2)}` });
    },
    async method(p, type = 'cpf', key) {
      const answer = await call('POST', '/wallet/withdraw/method', { token: p.token, body: { type, key: key ?? p.cpf } });
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`method not registered: ${answer.status} ${JSON.stringify(answer.body)}`);
      return (answer.body.method as { id: number }).id;
    },
    async money(userId) {
      const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
      const [sums] = await db
        .select({
          amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
          withdrawable: sql<string>`coalesce(sum(${ledgerEntries.withdrawableDelta}), 0)::text`,
          entries: sql<number>`count(*)::int`,
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId)));
      return {
        balance: w?.balance ?? 0n,
        withdrawable: w?.balanceWithdrawal ?? 0n,
        ledger: [BigInt(sums!.amount), BigInt(sums!.withdrawable)],
        entries: Number(sums!.entries),
      };
    },
    async withdrawal(id) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!row) throw new Error(`no withdrawal ${id}`);
      return row;
    },
    close: () => tdb.close(),
  };
  return h;
}

/** A moment past the default 60-second hold. */
export const afterHold = (): Date => new Date(Date.now() + 61_000);
