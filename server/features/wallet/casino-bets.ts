import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CasinoBetView, PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { ledgerEntries } from './schema.ts';
import { TRANSACTIONS_PAGE_SIZE } from './transactions.ts';

/**
 * The casino bet history of `GET /wallet/bets` (spec "Casino bet row": type,
 * game, value, with bonus, refunded, date), read from the ledger:
 * - a stake is a `bet` debit, a payout a `win` credit; the game's title is
 *   the movement's `metadata.game`;
 * - "with bonus": the stake spent money that was not withdrawable (its
 *   withdrawable part moved less than the stake), i.e. bonus money;
 * - a refund of a stake is a `bet` CREDIT whose `metadata.refund_of` is the
 *   stake's reference: it is not a row of its own, it marks the stake
 *   refunded; likewise a win taken back by an aggregator's rollback (a `win`
 *   DEBIT) marks the win refunded.
 */
const isListed = sql`((${ledgerEntries.type} = 'win' and ${ledgerEntries.amount} > 0) or (${ledgerEntries.type} = 'bet' and ${ledgerEntries.amount} < 0))`;

export async function listCasinoBets(db: Db, q: { tenantId: number; userId: number; page: number }): Promise<PagedList<CasinoBetView>> {
  const pageSize = TRANSACTIONS_PAGE_SIZE;
  const where = and(eq(ledgerEntries.tenantId, q.tenantId), eq(ledgerEntries.userId, q.userId), isListed);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(ledgerEntries).where(where);
  const rows = await db
    .select({
      id: ledgerEntries.id,
      type: ledgerEntries.type,
      amount: ledgerEntries.amount,
      withdrawableDelta: ledgerEntries.withdrawableDelta,
      game: sql<string | null>`${ledgerEntries.metadata}->>'game'`,
      // Spelled out: drizzle leaves single-table columns unqualified, which the subquery would read as its own.
      refunded: sql<boolean>`exists (
        select 1 from ledger_entries r
        where r.tenant_id = ledger_entries.tenant_id and r.user_id = ledger_entries.user_id
          and r.type = ledger_entries.type and sign(r.amount) = -sign(ledger_entries.amount) and ledger_entries.reference is not null
          and r.metadata->>'refund_of' = ledger_entries.reference)`,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(pageSize)
    .offset((q.page - 1) * pageSize);
  return {
    data: rows.map((row) => ({
      id: row.id,
      type: row.type === 'win' ? 'win' : 'bet',
      game: row.game,
      value: Number(row.amount < 0n ? -row.amount : row.amount),
      with_bonus: row.type === 'bet' && row.withdrawableDelta > row.amount,
      refunded: Boolean(row.refunded),
      date: row.createdAt.toISOString(),
    })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}
