import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/open.ts';
import { ledgerEntries, users, wallets } from '../../../../server/db/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { seedDemoTenants, silentLog } from '../../helpers/app.ts';

export interface WalletHarness {
  tdb: TestDatabase;
  db: Db;
  tenants: { local: number; sorte: number };
  /** Inserts a player row directly (the wallet tests do not need the sign-up flow). */
  player(tenantId?: number): Promise<number>;
  /** Σ amount and Σ withdrawable_delta of the player's ledger next to the wallet's figures. */
  sums(userId: number): Promise<{ ledger: [bigint, bigint]; wallet: [bigint, bigint]; entries: number }>;
  close(): Promise<void>;
}

export async function walletHarness(): Promise<WalletHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const local = (await findTenantByDomain(db, 'localhost'))!.id;
  const sorte = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
  let n = 0;
  return {
    tdb,
    db,
    tenants: { local, sorte },
    async player(tenantId = local) {
      n += 1;
      const [row] = await db
        .insert(users)
        .values({ tenantId, name: `Jogador ${n}`, username: `+55119${String(n).padStart(8, '0')}` })
        .returning({ id: users.id });
      return row!.id;
    },
    async sums(userId) {
      const [ledger] = await db
        .select({
          amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
          withdrawable: sql<string>`coalesce(sum(${ledgerEntries.withdrawableDelta}), 0)::text`,
          entries: sql<number>`count(*)::int`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      const [wallet] = await db.select().from(wallets).where(and(eq(wallets.userId, userId)));
      return {
        ledger: [BigInt(ledger!.amount), BigInt(ledger!.withdrawable)],
        wallet: [wallet?.balance ?? 0n, wallet?.balanceWithdrawal ?? 0n],
        entries: Number(ledger!.entries),
      };
    },
    close: () => tdb.close(),
  };
}
