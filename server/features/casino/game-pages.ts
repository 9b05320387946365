import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { GAMES_PAGE_SIZE, type GameView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { gameColumns, toGameView } from './present.ts';
import { gameProviders, games } from './schema.ts';

export interface GamePageQuery {
  tenantId: number;
  /** The caller, for hasLike / hasFavorite; null for guests. */
  userId: number | null;
  page: number;
  /** Extra conditions on top of "this tenant's active games". */
  where?: SQL | undefined;
  /** Default: most viewed first, then oldest id. */
  orderBy?: SQL[];
}

/** The most-viewed-first order of every catalogue list; the id makes it total so pages never overlap. */
export const BY_VIEWS: SQL[] = [desc(games.views), asc(games.id)];

/**
 * One page (1-based, 24 a page) of a tenant's active games matching
 * `where`. A page past the end is empty with the real `last_page` (≥ 1).
 */
export async function pageOfGames(db: Db, q: GamePageQuery): Promise<PagedList<GameView>> {
  const where = and(eq(games.tenantId, q.tenantId), eq(games.active, true), q.where);
  // The total rides along with the page (a window count), so a list costs one query; only a page past the end counts apart.
  const rows = await db
    .select({ ...gameColumns(q.userId), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(where)
    .orderBy(...(q.orderBy ?? BY_VIEWS))
    .limit(GAMES_PAGE_SIZE)
    .offset((q.page - 1) * GAMES_PAGE_SIZE);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db.select({ total: count() }).from(games).innerJoin(gameProviders, eq(gameProviders.id, games.providerId)).where(where);
    total = counted?.total ?? 0;
  }
  return { data: rows.map(toGameView), current_page: q.page, last_page: Math.max(1, Math.ceil(total / GAMES_PAGE_SIZE)), total };
}
