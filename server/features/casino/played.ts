import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { gameProviders, games, recentGames } from './schema.ts';

export interface PlayedRound {
  tenantId: number;
  userId: number;
  /** The provider code (`house`, or the aggregator's provider). */
  providerCode: string;
  /** The game as the round names it: its `gamecode`, or the provider's catalogue `game_id`. */
  game: string;
}

/**
 * Marks a game as played by a player: it moves to the top of their recent
 * games (`GET /games/recent`, the game page's "Jogado por último"). Called
 * when a round is placed (a house round, real or demo, or an aggregator's
 * bet), never on a mere launch: opening a game and leaving is not playing
 * it. Pass the round's transaction so the mark commits with the round. A
 * game the catalogue does not know records nothing; the round is unaffected.
 */
export async function recordPlayed(db: Db, round: PlayedRound): Promise<void> {
  const key = round.game.trim();
  const [game] = await db
    .select({ id: games.id })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(
      and(
        eq(games.tenantId, round.tenantId),
        eq(gameProviders.code, round.providerCode.trim().toLowerCase()),
        or(eq(games.gamecode, key.toLowerCase()), eq(games.gameId, key)),
      ),
    )
    .limit(1);
  if (!game) return;
  await db
    .insert(recentGames)
    // clock_timestamp, not now(): the order of rounds must hold even inside one transaction.
    .values({ userId: round.userId, gameId: game.id, playedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: [recentGames.userId, recentGames.gameId], set: { playedAt: sql`clock_timestamp()` } });
}
