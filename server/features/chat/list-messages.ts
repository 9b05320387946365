import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { ChatMessagesAnswer } from '../../../src/contract/chat.ts';
import type { Db } from '../../db/open.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import { presentMessage } from './present.ts';
import { chatMessages } from './schema.ts';

/**
 * The tenant's chat as a panel opens it: messages still pinned (`pinned_until`
 * in the future) first, by posting order, then the newest others oldest
 * first, `limit` in all. Deleted messages never appear.
 */
export async function listMessages(db: Db, input: { tenantId: number; limit: number; now: Date }): Promise<ChatMessagesAnswer['messages']> {
  const live = and(eq(chatMessages.tenantId, input.tenantId), isNull(chatMessages.deletedAt));
  const nowIso = input.now.toISOString();
  const stillPinned = gt(chatMessages.pinnedUntil, sql`${nowIso}::timestamptz`);
  const pinned = await db.select().from(chatMessages).where(and(live, stillPinned)).orderBy(asc(chatMessages.id)).limit(input.limit);
  const room = input.limit - pinned.length;
  const recent =
    room > 0
      ? await db
          .select()
          .from(chatMessages)
          .where(and(live, or(isNull(chatMessages.pinnedUntil), lte(chatMessages.pinnedUntil, sql`${nowIso}::timestamptz`))))
          .orderBy(desc(chatMessages.id))
          .limit(room)
      : [];
  return [...pinned, ...recent.reverse()].map((row) => presentMessage(row, input.now));
}

/**
 * `amountBet`: a player's total real-money stakes in centavos, from the
 * ledger (`bet` debits minus refunded stakes, which are `bet` credits).
 * Demo rounds never reach the ledger, so they never count.
 */
export async function amountBet(db: Db, input: { tenantId: number; userId: number }): Promise<number> {
  const [row] = await db
    .select({ staked: sql<string | number | null>`greatest(0, -coalesce(sum(${ledgerEntries.amount}), 0))` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, input.tenantId), eq(ledgerEntries.userId, input.userId), eq(ledgerEntries.type, 'bet')));
  return Number(row?.staked ?? 0);
}
