import { and, count, eq } from 'drizzle-orm';
import type { FavoriteAnswer, LikeAnswer } from '../../../src/contract/casino.ts';
import type { Db, Tx } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import { CASINO_MESSAGES } from './messages.ts';
import { gameFavorites, gameLikes, games } from './schema.ts';

interface ToggleInput {
  tenantId: number;
  userId: number;
  /** Platform id of the game (`games.id`). */
  gameId: number;
}

/**
 * Runs `body` with the player's row locked: a player's toggles run one after
 * the other, so two quick taps give "on, off" and never two "on"s (a plain
 * delete-else-insert would let both see no row).
 * @throws NotFoundError when the game is not an active game of the tenant.
 */
async function underPlayerLock<T>(db: Db, input: ToggleInput, body: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [game] = await tx
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.id, input.gameId), eq(games.tenantId, input.tenantId), eq(games.active, true)));
    if (!game) throw new NotFoundError('game_not_found', { message: CASINO_MESSAGES.gameNotFound });
    return body(tx);
  });
}

/** `POST /games/like/{id}`: likes the game, or takes the like back; `action` = liked now. */
export function toggleLike(db: Db, input: ToggleInput): Promise<LikeAnswer> {
  return underPlayerLock(db, input, async (tx) => {
    const mine = and(eq(gameLikes.userId, input.userId), eq(gameLikes.gameId, input.gameId));
    const removed = await tx.delete(gameLikes).where(mine).returning({ gameId: gameLikes.gameId });
    if (removed.length === 0) await tx.insert(gameLikes).values({ userId: input.userId, gameId: input.gameId }).onConflictDoNothing();
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(gameLikes).where(eq(gameLikes.gameId, input.gameId));
    return { action: removed.length === 0, totalLikes: n };
  });
}

/** `POST /games/favorite/{id}`: adds the game to the player's favorites, or removes it; `action` = favorite now. */
export function toggleFavorite(db: Db, input: ToggleInput): Promise<FavoriteAnswer> {
  return underPlayerLock(db, input, async (tx) => {
    const mine = and(eq(gameFavorites.userId, input.userId), eq(gameFavorites.gameId, input.gameId));
    const removed = await tx.delete(gameFavorites).where(mine).returning({ gameId: gameFavorites.gameId });
    if (removed.length === 0) await tx.insert(gameFavorites).values({ userId: input.userId, gameId: input.gameId }).onConflictDoNothing();
    return { action: removed.length === 0 };
  });
}
