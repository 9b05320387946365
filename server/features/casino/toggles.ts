import { and, count, eq } from 'drizzle-orm';
import type { FavoriteAnswer, LikeAnswer } from '../../../src/contract/casino.ts';
import type { Db, Tx } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import { noteLikeCount } from './catalogue-cache.ts';
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

/** Removes the player's row for the game from `marks`, or adds it when there was none; true = the row exists now. */
async function flipMark(tx: Tx, marks: typeof gameLikes | typeof gameFavorites, input: ToggleInput): Promise<boolean> {
  const removed = await tx
    .delete(marks)
    .where(and(eq(marks.userId, input.userId), eq(marks.gameId, input.gameId)))
    .returning({ gameId: marks.gameId });
  if (removed.length > 0) return false;
  await tx.insert(marks).values({ userId: input.userId, gameId: input.gameId }).onConflictDoNothing();
  return true;
}

/** `POST /games/like/{id}`: likes the game, or takes the like back; `action` = liked now. The lobby's lists show the new count at once. */
export async function toggleLike(db: Db, input: ToggleInput): Promise<LikeAnswer> {
  const answer = await underPlayerLock(db, input, async (tx) => {
    const action = await flipMark(tx, gameLikes, input);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(gameLikes).where(eq(gameLikes.gameId, input.gameId));
    return { action, totalLikes: n };
  });
  noteLikeCount(input.tenantId, input.gameId, answer.totalLikes);
  return answer;
}

/** `POST /games/favorite/{id}`: adds the game to the player's favorites, or removes it; `action` = favorite now. */
export function toggleFavorite(db: Db, input: ToggleInput): Promise<FavoriteAnswer> {
  return underPlayerLock(db, input, async (tx) => ({ action: await flipMark(tx, gameFavorites, input) }));
}
