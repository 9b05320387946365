import { and, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { GameType, GameView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { pageOfGames } from './game-pages.ts';
import { gameFavorites, gameProviders, games, recentGames } from './schema.ts';
import { containsFolded } from './search.ts';

export interface GamesFilter {
  /** Provider codes; empty = all providers. */
  providers: string[];
  searchTerm: string;
  category: string;
  type: GameType | null;
  /** Only games where bonus money may be used. */
  bonuses: boolean;
}

interface Caller {
  tenantId: number;
  userId: number | null;
  page: number;
}

/** The conditions of a filter; an empty string or list means "any". */
export function filterConditions(f: GamesFilter): SQL | undefined {
  return and(
    f.providers.length > 0 ? inArray(gameProviders.code, f.providers) : undefined,
    f.searchTerm ? containsFolded(games.title, f.searchTerm) : undefined,
    f.category ? eq(games.categorySlug, f.category) : undefined,
    f.type ? eq(games.type, f.type) : undefined,
    f.bonuses ? eq(games.bonusAllowed, true) : undefined,
  );
}

/** `GET /casinos/games`: the filtered catalogue, most viewed first. */
export function listGames(db: Db, q: Caller & { filter: GamesFilter }): Promise<PagedList<GameView>> {
  return pageOfGames(db, { ...q, where: filterConditions(q.filter) });
}

/** `GET /featured/home-games` (`home`) and `GET /featured/games`: the games the operator flagged. */
export function listFeatured(db: Db, q: Caller & { list: 'home' | 'featured' }): Promise<PagedList<GameView>> {
  return pageOfGames(db, { ...q, where: eq(q.list === 'home' ? games.featuredHome : games.featured, true) });
}

/** `GET /games/recent`: the player's launched games, last launched first. */
export function listRecent(db: Db, q: Caller & { userId: number }): Promise<PagedList<GameView>> {
  const mine = and(eq(recentGames.gameId, games.id), eq(recentGames.userId, q.userId));
  return pageOfGames(db, {
    ...q,
    where: exists(db.select({ one: sql`1` }).from(recentGames).where(mine)),
    orderBy: [desc(sql`(select max(${recentGames.playedAt}) from ${recentGames} where ${mine})`), desc(games.id)],
  });
}

/** `GET /profile/favorites`: the player's favorite games, newest favorite first. */
export function listFavorites(db: Db, q: Caller & { userId: number }): Promise<PagedList<GameView>> {
  const mine = and(eq(gameFavorites.gameId, games.id), eq(gameFavorites.userId, q.userId));
  return pageOfGames(db, {
    ...q,
    where: exists(db.select({ one: sql`1` }).from(gameFavorites).where(mine)),
    orderBy: [desc(sql`(select max(${gameFavorites.createdAt}) from ${gameFavorites} where ${mine})`), desc(games.id)],
  });
}
