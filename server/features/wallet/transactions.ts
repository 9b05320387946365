import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerType, PagedList, TransactionFilter, TransactionView, WithdrawalStatusCode } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { withdrawals } from '../withdrawals/schema.ts';
import { type LedgerEntryRow, ledgerEntries } from './schema.ts';

/**
 * Rows per page of the money history. The specification fixes 24 only for
 * game lists; the transaction screen is a table, so it pages by 15.
 */
export const TRANSACTIONS_PAGE_SIZE = 15;

/**
 * Ledger types each filter of the transactions screen shows: it is the
 * deposit/withdrawal history, plus the sportsbook's movements (issue 16:
 * sports bets have no other money list) and bonus credits, forfeitures and
 * rollover releases (issue 18: the spec's `bonus` and `rollover` types; they
 * also have their own list, `/wallet/bonuses`), and boxes bought, boxes and
 * prizes sold (issue 19); casino bets have theirs
 * (`/wallet/bets`).
 */
export const TRANSACTION_FILTER_TYPES: Record<TransactionFilter, readonly LedgerType[]> = {
  all: ['deposit', 'withdraw', 'bonus', 'rollover', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback', 'box_purchase', 'box_sale', 'prize_sale'],
  deposits: ['deposit'],
  withdraws: ['withdraw'],
};

/** A ledger row; a `withdraw` row made by a withdrawal also carries it (id and status now). */
export function toTransactionView(row: LedgerEntryRow, withdrawal?: { id: number; status: number } | null): TransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: Number(row.amount),
    balance_after: Number(row.balanceAfter),
    balance_withdrawal_after: Number(row.balanceWithdrawalAfter),
    reference: row.reference,
    metadata: row.metadata,
    ...(withdrawal ? { withdrawal: { id: withdrawal.id, status: withdrawal.status as WithdrawalStatusCode } } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The withdrawal a ledger row belongs to: `metadata.withdrawal_id` of a
 * `withdraw` row (set by server/features/withdrawals). Guarded by a pattern
 * so a row without it (or with something else there) joins nothing instead of
 * failing the cast; the join then uses the withdrawals primary key.
 */
const withdrawalIdOf = sql`case when ${ledgerEntries.type} = 'withdraw' and ${ledgerEntries.metadata}->>'withdrawal_id' ~ '^[0-9]{1,15}$'
  then (${ledgerEntries.metadata}->>'withdrawal_id')::bigint end`;

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
    .select({ entry: ledgerEntries, withdrawal: { id: withdrawals.id, status: withdrawals.status } })
    .from(ledgerEntries)
    .leftJoin(withdrawals, and(eq(withdrawals.id, withdrawalIdOf), eq(withdrawals.userId, ledgerEntries.userId)))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(pageSize)
    .offset((q.page - 1) * pageSize);
  return { data: rows.map((r) => toTransactionView(r.entry, r.withdrawal)), current_page: q.page, last_page: Math.max(1, Math.ceil(total / pageSize)), total };
}
