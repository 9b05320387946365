import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { type LedgerEntryRow, ledgerEntries } from '../wallet/schema.ts';
import { getWallet } from '../wallet/wallet.ts';
import { type SportsBetslipRow, sportsBetslips, type SportsOperation, type SportsTransactionRow, sportsTransactions } from './schema.ts';

/* Reads and locks of the sportsbook's books, shared by the callbacks (./service.ts). */

/** Ledger reference of a provider transaction: `sportsbook:{provider transaction id}`. */
export const sportsReference = (providerTransactionId: string): string => `sportsbook:${providerTransactionId}`;

/** The provider transaction `providerId` of `operation` in the tenant, if accepted before. */
export async function findTransaction(tx: Db, tenantId: number, operation: SportsOperation, providerId: string): Promise<SportsTransactionRow | null> {
  const [row] = await tx
    .select()
    .from(sportsTransactions)
    .where(and(eq(sportsTransactions.tenantId, tenantId), eq(sportsTransactions.operation, operation), eq(sportsTransactions.providerTransactionId, providerId)))
    .limit(1);
  return row ?? null;
}

/** Our transaction `id` (as the provider echoes it back: a decimal string) in the tenant, or null. */
export async function transactionById(tx: Db, tenantId: number, id: string): Promise<SportsTransactionRow | null> {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  const [row] = await tx
    .select()
    .from(sportsTransactions)
    .where(and(eq(sportsTransactions.tenantId, tenantId), eq(sportsTransactions.id, Number(id))))
    .limit(1);
  return row ?? null;
}

/** The rollback of our transaction `parentId`, if there is one. */
export async function rollbackOf(tx: Db, parentId: number): Promise<SportsTransactionRow | null> {
  const [row] = await tx
    .select()
    .from(sportsTransactions)
    .where(and(eq(sportsTransactions.operation, 'rollback'), eq(sportsTransactions.parentId, parentId)))
    .limit(1);
  return row ?? null;
}

/** A betslip row, locked (`FOR UPDATE`): every callback of one betslip runs after the other. */
export async function lockBetslip(tx: Db, id: number): Promise<SportsBetslipRow> {
  const [row] = await tx.select().from(sportsBetslips).where(eq(sportsBetslips.id, id)).for('update');
  if (!row) throw new Error('sports betslip disappeared');
  return row;
}

/** The ledger row a transaction wrote. */
export async function ledgerRow(tx: Db, id: number): Promise<LedgerEntryRow> {
  const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
  if (!row) throw new Error('sports ledger row disappeared');
  return row;
}

/** The player's balance now (0 before any movement). */
export async function balanceOf(tx: Db, tenantId: number, userId: number): Promise<bigint> {
  return (await getWallet(tx, tenantId, userId))?.balance ?? 0n;
}
