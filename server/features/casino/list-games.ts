import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { GAMES_PAGE_SIZE, type GameType, type GameView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { catalogueSnapshot } from './catalogue-cache.ts';
import { type CatalogueEntry, type CatalogueSnapshot, filterKey, matchingGames, remember } from './catalogue-snapshot.ts';
import { pageOfGames } from './game-pages.ts';
import { toGameView } from './present.ts';
import { gameFavorites, gameLikes, games, recentGames } from './schema.ts';

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

/**
 * `GET /casinos/games`: the filtered catalogue, most viewed first, from the
 * tenant's in-memory snapshot (./catalogue-cache.ts: views and other nodes'
 * writes may lag a few seconds; this process's imports and likes show at
 * once). A player's own flags are read per call, for the page's games only.
 */
export async function listGames(db: Db, q: Caller & { filter: GamesFilter }): Promise<PagedList<GameView>> {
  const snapshot = await catalogueSnapshot(db, q.tenantId);
  if (q.userId !== null) return pageOf(snapshot, q, await playerMarks(db, q.userId, pageEntries(snapshot, q).map((e) => e.game.id)));
  // Guests all get the same answer: built once per snapshot, filter and page.
  const key = `${filterKey(q.filter)}:${q.page}`;
  return snapshot.guestPages.get(key) ?? remember(snapshot.guestPages, key, pageOf(snapshot, q, NO_MARKS));
}

function pageEntries(snapshot: CatalogueSnapshot, q: { filter: GamesFilter; page: number }): CatalogueEntry[] {
  return matchingGames(snapshot, q.filter).slice((q.page - 1) * GAMES_PAGE_SIZE, q.page * GAMES_PAGE_SIZE);
}

function pageOf(snapshot: CatalogueSnapshot, q: { filter: GamesFilter; page: number }, marks: PlayerMarks): PagedList<GameView> {
  const total = matchingGames(snapshot, q.filter).length;
  return {
    data: pageEntries(snapshot, q).map((e) =>
      toGameView({ ...e, totalLikes: snapshot.likes.get(e.game.id) ?? 0, hasLike: marks.liked.has(e.game.id), hasFavorite: marks.favorite.has(e.game.id) }),
    ),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / GAMES_PAGE_SIZE)),
    total,
  };
}

interface PlayerMarks {
  liked: Set<number>;
  favorite: Set<number>;
}
const NO_MARKS: PlayerMarks = { liked: new Set(), favorite: new Set() };

/** Which of `gameIds` the player liked and made favorite: one query. */
async function playerMarks(db: Db, userId: number, gameIds: number[]): Promise<PlayerMarks> {
  if (gameIds.length === 0) return NO_MARKS;
  const rows = await db
    .select({ gameId: gameLikes.gameId, like: sql<boolean>`true`.mapWith(Boolean) })
    .from(gameLikes)
    .where(and(eq(gameLikes.userId, userId), inArray(gameLikes.gameId, gameIds)))
    .unionAll(
      db
        .select({ gameId: gameFavorites.gameId, like: sql<boolean>`false`.mapWith(Boolean) })
        .from(gameFavorites)
        .where(and(eq(gameFavorites.userId, userId), inArray(gameFavorites.gameId, gameIds))),
    );
  const marks: PlayerMarks = { liked: new Set(), favorite: new Set() };
  for (const r of rows) (r.like ? marks.liked : marks.favorite).add(r.gameId);
  return marks;
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
