import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import type { LedgerType } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { csvLine } from '../../http/csv.ts';
import { ledgerEntries } from '../wallet/schema.ts';

/** Rows read per query: the export never holds more than this many in memory. */
export const EXPORT_BATCH = 1000;

export const TRANSACTION_CSV_COLUMNS = ['id', 'at', 'user_id', 'type', 'amount', 'balance_after', 'withdrawable_delta', 'reference'] as const;

export interface TransactionsExportQuery {
  tenantId: number;
  /** First instant included. */
  from: Date;
  /** Last instant included. */
  to: Date;
  type?: LedgerType | undefined;
}

const columns = {
  id: ledgerEntries.id,
  createdAt: ledgerEntries.createdAt,
  userId: ledgerEntries.userId,
  type: ledgerEntries.type,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  withdrawableDelta: ledgerEntries.withdrawableDelta,
  reference: ledgerEntries.reference,
};

function batchAfter(db: Db, q: TransactionsExportQuery, afterId: number) {
  return db
    .select(columns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, q.tenantId),
        gte(ledgerEntries.createdAt, q.from),
        lte(ledgerEntries.createdAt, q.to),
        q.type ? eq(ledgerEntries.type, q.type) : undefined,
        gt(ledgerEntries.id, afterId),
      ),
    )
    .orderBy(asc(ledgerEntries.id))
    .limit(EXPORT_BATCH);
}

type ExportRow = Awaited<ReturnType<typeof batchAfter>>[number];

function transactionCsvLine(r: ExportRow): string {
  return csvLine([r.id, r.createdAt.toISOString(), r.userId, r.type, r.amount, r.balanceAfter, r.withdrawableDelta, r.reference]);
}

/**
 * The tenant's movements in [from, to] (optionally of one type) as CSV text,
 * oldest first: the header, then one chunk per batch of EXPORT_BATCH rows.
 * Batches follow the id (keyset, not OFFSET), so no line is skipped or
 * repeated however many rows are appended meanwhile, and each batch costs
 * the same however deep into the export. Amounts are signed centavos.
 */
export async function* transactionCsvChunks(db: Db, q: TransactionsExportQuery): AsyncGenerator<string> {
  yield csvLine(TRANSACTION_CSV_COLUMNS);
  for (let after = 0; ; ) {
    const rows = await batchAfter(db, q, after);
    if (rows.length > 0) yield rows.map(transactionCsvLine).join('');
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.id;
  }
}
