import { type SQL, sql } from 'drizzle-orm';
import type { CatalogueGame, GameView } from '../../../src/contract/casino.ts';
import { gameFavorites, gameLikes, gameProviders, type GameRow, games } from './schema.ts';

/** Whether the caller has a row for the game in `marks` (a like or a favorite); always false for guests. */
function playerMarked(marks: typeof gameLikes | typeof gameFavorites, userId: number | null): SQL<boolean> {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${marks} where ${marks.gameId} = ${games.id} and ${marks.userId} = ${userId})`;
}

/**
 * Columns of a game read for a caller: the row, its provider's code and
 * name, and the per-player fields (false for guests, `userId` null).
 */
export function gameColumns(userId: number | null) {
  return {
    game: games,
    providercode: gameProviders.code,
    provider_name: gameProviders.name,
    totalLikes: sql<number>`(select count(*)::int from ${gameLikes} where ${gameLikes.gameId} = ${games.id})`.mapWith(Number),
    hasLike: playerMarked(gameLikes, userId).mapWith(Boolean),
    hasFavorite: playerMarked(gameFavorites, userId).mapWith(Boolean),
  };
}

export interface GameReadRow {
  game: GameRow;
  providercode: string;
  provider_name: string;
  totalLikes: number;
  hasLike: boolean;
  hasFavorite: boolean;
}

export function toGameView(row: GameReadRow): GameView {
  const g = row.game;
  return {
    id: g.id,
    game_id: g.gameId,
    title: g.title,
    gamecode: g.gamecode,
    providercode: row.providercode,
    provider_name: row.provider_name,
    has_tables: g.hasTables,
    only_demo: g.onlyDemo,
    bonus_allowed: g.bonusAllowed,
    views: g.views,
    image: g.image,
    image_mobile: g.imageMobile,
    category_slug: g.categorySlug,
    hasLike: row.hasLike,
    totalLikes: row.totalLikes,
    hasFavorite: row.hasFavorite,
    type: g.type,
    rtp: g.rtpBps,
  };
}

/** A game as the static build needs it (no per-player fields). */
export function toCatalogueGame(g: GameRow, provider: { code: string; name: string }): CatalogueGame {
  return {
    id: g.id,
    title: g.title,
    gamecode: g.gamecode,
    providercode: provider.code,
    provider_name: provider.name,
    category_slug: g.categorySlug,
    type: g.type,
    image: g.image,
    rtp: g.rtpBps,
    only_demo: g.onlyDemo,
    description: { pt: g.descriptionPt, en: g.descriptionEn },
  };
}
