import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { RankInput, RankView } from '../../../src/contract/ranking.ts';
import type { Db } from '../../db/open.ts';
import { type RankRow, ranks } from './schema.ts';

/** A stored rank as `GET /ranking` shows it. */
export function toRankView(row: Pick<RankRow, 'level' | 'name' | 'totalBet' | 'image'>): RankView {
  return { level: row.level, name: { pt: row.name.pt, en: row.name.en }, totalBet: row.totalBet, image: row.image };
}

/** The tenant's rank table, level 1 first. */
export async function listRanks(db: Db, tenantId: number): Promise<RankRow[]> {
  return db.select().from(ranks).where(eq(ranks.tenantId, tenantId)).orderBy(asc(ranks.level));
}

/** The ranks above `level` that `totalBet` has reached, lowest first (what a wager just crossed). */
export async function ranksCrossed(db: Db, q: { tenantId: number; level: number; totalBet: number }): Promise<RankRow[]> {
  return db
    .select()
    .from(ranks)
    .where(and(eq(ranks.tenantId, q.tenantId), gt(ranks.level, q.level), lte(ranks.totalBet, q.totalBet)))
    .orderBy(asc(ranks.level));
}

/**
 * Replaces the tenant's whole rank table in one transaction (validated
 * before by RankTableSchema). Players keep the level they reached and the
 * rank-ups already given (a level is never given twice, even after the table
 * changes); a new threshold applies from their next bet.
 */
export async function replaceRanks(db: Db, tenantId: number, table: RankInput[]): Promise<RankRow[]> {
  return db.transaction(async (tx) => {
    await tx.delete(ranks).where(eq(ranks.tenantId, tenantId));
    if (table.length === 0) return [];
    return tx
      .insert(ranks)
      .values(table.map((r) => ({ tenantId, level: r.level, name: r.name, totalBet: r.totalBet, image: r.image, reward: r.reward })))
      .returning()
      .then((rows) => rows.sort((a, b) => a.level - b.level));
  });
}
