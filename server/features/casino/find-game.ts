import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { GameView } from '../../../src/contract/casino.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { CASINO_MESSAGES } from './messages.ts';
import { gameColumns, type GameReadRow, toGameView } from './present.ts';
import { gameProviders, games } from './schema.ts';

/** How many related games `POST /games/getRelated` answers at most. */
export const RELATED_LIMIT = 12;

export interface GameKey {
  tenantId: number;
  /** The game's `gamecode` (the spec calls it `game_id` in these calls). */
  gamecode: string;
  providerCode: string;
}

/**
 * A tenant's active game by provider code and gamecode, ignoring case (codes
 * are stored lower-case, so the input is lowered).
 * @throws NotFoundError (404) for an unknown pair.
 */
export async function findGameRow(db: Db, key: GameKey, userId: number | null): Promise<GameReadRow> {
  const [row] = await db
    .select(gameColumns(userId))
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(
      and(
        eq(games.tenantId, key.tenantId),
        eq(games.active, true),
        eq(games.gamecode, key.gamecode.trim().toLowerCase()),
        eq(gameProviders.code, key.providerCode.trim().toLowerCase()),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('game_not_found', { message: CASINO_MESSAGES.gameNotFound });
  return row;
}

/** `POST /games/get`. */
export async function getGame(db: Db, key: GameKey, userId: number | null): Promise<GameView> {
  return toGameView(await findGameRow(db, key, userId));
}

/**
 * `POST /games/getRelated`: up to 12 other active games, those of the same
 * category first, then those of the same provider, each group most viewed first.
 */
export async function relatedGames(db: Db, key: GameKey, userId: number | null): Promise<GameView[]> {
  const { game } = await findGameRow(db, key, userId);
  const sameCategory = eq(games.categorySlug, game.categorySlug);
  const rows = await db
    .select(gameColumns(userId))
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.tenantId, key.tenantId), eq(games.active, true), ne(games.id, game.id), or(sameCategory, eq(games.providerId, game.providerId))))
    .orderBy(sql`case when ${sameCategory} then 0 else 1 end`, desc(games.views), asc(games.id))
    .limit(RELATED_LIMIT);
  return rows.map(toGameView);
}
