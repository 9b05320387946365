import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { LedgerType, PagedList, TransactionFilter, TransactionView } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { type LedgerEntryRow, ledgerEntries } from './schema.ts';

/**
 * Rows per page of the money history. The specification fixes 24 only for
 * game lists; the transaction screen is a table, so it pages by 15.
 */
export const TRANSACTIONS_PAGE_SIZE = 15;

/**
 * Ledger types each filter of the transactions screen shows: it is the
 * deposit/withdrawal history; bets and bonuses have their own lists
 * (`/wallet/bets`, `/wallet/bonuses`).
 */
export const TRANSACTION_FILTER_TYPES: Record<TransactionFilter, readonly LedgerType[]> = {
  all: ['deposit', 'withdraw'],
  deposits: ['deposit'],
  withdraws: ['withdraw'],
};

export function toTransactionView(row: LedgerEntryRow): TransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: Number(row.amount),
    balance_after: Number(row.balanceAfter),
    balance_withdrawal_after: Number(row.balanceWithdrawalAfter),
    reference: row.reference,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * One page (1-based) of the player's ledger rows of `types`, newest first. A
 * page past the end is empty with the real `last_page` (≥ 1) and `total`.
 */
export async function listLedgerPage(
  db: Db,
  q: { tenantId: number; userId: number; types: readonly LedgerType[]; page: number; pageSize?: number },
): Promise<PagedList<TransactionView>> {
  const pageSize = q.pageSize ?? TRANSACTIONS_PAGE_SIZE;
  const where = and(eq(ledgerEntries.tenantId, q.tenantId), eq(ledgerEntries.userId, q.userId), inArray(ledgerEntries.type, [...q.types]));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(ledgerEntries).where(where);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(pageSize)
    .offset((q.page - 1) * pageSize);
  return { data: rows.map(toTransactionView), current_page: q.page, last_page: Math.max(1, Math.ceil(total / pageSize)), total };
}
