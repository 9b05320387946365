import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { GAMES_PAGE_SIZE, type ProviderView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { gameProviders, games } from './schema.ts';
import { containsFolded } from './search.ts';

export interface ProvidersQuery {
  tenantId: number;
  page: number;
  /** Name or code contains it (case- and accent-insensitive). */
  searchTerm: string;
  /** Only providers with active games in this category; `games_count` then counts those. */
  category: string;
  /** Only these provider codes; empty = all. */
  providers: string[];
}

/**
 * `GET /games/providers`: providers having at least one active game (in the
 * category, when given), in the operator's order then by name, 24 a page.
 */
export async function listProviders(db: Db, q: ProvidersQuery): Promise<PagedList<ProviderView>> {
  const gameCount = count(games.id);
  const where = and(
    eq(gameProviders.tenantId, q.tenantId),
    q.providers.length > 0 ? inArray(gameProviders.code, q.providers) : undefined,
    q.searchTerm ? or(containsFolded(gameProviders.name, q.searchTerm), containsFolded(gameProviders.code, q.searchTerm)) : undefined,
  );
  const joinOn = and(eq(games.providerId, gameProviders.id), eq(games.active, true), q.category ? eq(games.categorySlug, q.category) : undefined);
  const grouped = db
    .select({ id: gameProviders.id, code: gameProviders.code, name: gameProviders.name, image: gameProviders.image, sortOrder: gameProviders.sortOrder, games_count: gameCount.as('games_count') })
    .from(gameProviders)
    .innerJoin(games, joinOn)
    .where(where)
    .groupBy(gameProviders.id)
    .as('p');
  // The total rides along with the page (a window count), as in pageOfGames; only a page past the end counts apart.
  const rows = await db
    .select({ id: grouped.id, code: grouped.code, name: grouped.name, image: grouped.image, games_count: grouped.games_count, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(grouped)
    .orderBy(asc(grouped.sortOrder), asc(sql`lower(${grouped.name})`), asc(grouped.id))
    .limit(GAMES_PAGE_SIZE)
    .offset((q.page - 1) * GAMES_PAGE_SIZE);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db.select({ total: count() }).from(grouped);
    total = counted?.total ?? 0;
  }
  return {
    data: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, image: r.image, games_count: Number(r.games_count) })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / GAMES_PAGE_SIZE)),
    total,
  };
}
