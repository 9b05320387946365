import { and, desc, eq } from 'drizzle-orm';
import type { CashbackListView } from '../../../src/contract/cashback.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Db } from '../../db/open.ts';
import { cashbackItems } from './schema.ts';
import { toCashbackView } from './view.ts';

/** How many of the newest items `GET /bonuses/cashback` shows (a year of weekly periods). */
export const PLAYER_ITEMS_LIMIT = 52;

/** `GET /bonuses/cashback`: the player's items, newest period first, with what each allows now. */
export async function listPlayerCashback(db: Db, q: { tenantId: number; config: SiteConfig; userId: number; now: Date }): Promise<CashbackListView> {
  const rows = await db
    .select()
    .from(cashbackItems)
    .where(and(eq(cashbackItems.tenantId, q.tenantId), eq(cashbackItems.userId, q.userId)))
    .orderBy(desc(cashbackItems.periodStart), desc(cashbackItems.id))
    .limit(PLAYER_ITEMS_LIMIT);
  return { data: rows.map((row) => toCashbackView(row, q.now)), enabled: q.config.cashback && !q.config.is_regulated, now: q.now.toISOString() };
}
