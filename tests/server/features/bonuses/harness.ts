import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/open.ts';
import { ledgerEntries, tenants, wallets } from '../../../../server/db/schema.ts';
import { couponOperatorRoutes } from '../../../../server/features/bonuses/operator-routes.ts';
import { couponRoutes } from '../../../../server/features/bonuses/routes.ts';
import { forgetCachedTenants } from '../../../../server/features/tenants/tenant-cache.ts';
import { walletRoutes } from '../../../../server/features/wallet/routes.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type Answer, featureApp, jsonCaller, playerMaker, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

/** Coupon and bonus routes over a fresh database: `localhost` switched to unregulated, `sorte.localhost` regulated (as the demo seeds it). */
export interface BonusHarness {
  tdb: TestDatabase;
  db: Db;
  open: Tenant;
  regulated: Tenant;
  call: (method: string, path: string, headers: Record<string, string>, body?: unknown) => Promise<Answer>;
  player(tenant: Tenant): Promise<{ userId: number; headers: Record<string, string> }>;
  operator(tenant: Tenant): Record<string, string>;
  /** The player's wallet [balance, withdrawable] and ledger row count. */
  money(userId: number): Promise<{ balance: bigint; withdrawable: bigint; entries: number }>;
  close(): Promise<void>;
}

export async function bonusHarness(): Promise<BonusHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  const { local, sorte } = await twoDemoTenants(db);
  const [row] = await db.select().from(tenants).where(eq(tenants.id, local.id));
  await db.update(tenants).set({ config: { ...row!.config, is_regulated: false } }).where(eq(tenants.id, local.id));
  forgetCachedTenants();
  const app = featureApp(db, { operator: [couponOperatorRoutes({ db })], tenant: [couponRoutes({ db }), walletRoutes({ db })] });
  const makePlayer = playerMaker(db);
  return {
    tdb,
    db,
    open: local,
    regulated: sorte,
    call: jsonCaller(app),
    async player(tenant) {
      const p = await makePlayer(tenant);
      return { userId: p.userId, headers: { host: tenant.host, authorization: `Bearer ${p.token}` } };
    },
    operator: (tenant) => ({ host: tenant.host, 'x-operator-key': tenant.key }),
    async money(userId) {
      const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
      const [n] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId)));
      return { balance: w?.balance ?? 0n, withdrawable: w?.balanceWithdrawal ?? 0n, entries: Number(n!.n) };
    },
    close: () => tdb.close(),
  };
}

/** A valid coupon body; `over` replaces fields. */
export function couponBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: 'bemvindo10',
    description: { pt: 'R$ 10 de bônus de boas-vindas', en: 'R$ 10 welcome bonus' },
    reward: { kind: 'bonus', amount: 1000, rollover_multiplier: 3, expires_days: 7 },
    public: true,
    ...over,
  };
}
