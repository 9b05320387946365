import { and, eq, sql } from 'drizzle-orm';
import type { GameType } from '../../../../src/contract/casino.ts';
import type { Db } from '../../../db/open.ts';
import { gameProviders, games, type ProviderRoundRow, providerRounds } from '../schema.ts';

/**
 * The largest payout, in stakes, a game of each type can make when the
 * catalogue states no `max_multiplier`: generous for what each type really
 * pays (slots' top prizes, crash multipliers, game shows), so only a win no
 * honest round produces is held for review.
 */
const DEFAULT_MAX_MULTIPLIER: Readonly<Record<GameType, number>> = {
  slot: 5000,
  crash: 10_000,
  live: 2500,
  table: 500,
  instant: 1000,
};

/** The cap of a round whose bet named no catalogue game (or an unknown one). */
const UNKNOWN_GAME_MAX_MULTIPLIER = 1000;

/** A provider's round `roundId`, locked (`FOR UPDATE`) in `tx`, or null. */
export async function lockRound(tx: Db, q: { tenantId: number; provider: string; roundId: string }): Promise<ProviderRoundRow | null> {
  const [row] = await tx
    .select()
    .from(providerRounds)
    .where(and(eq(providerRounds.tenantId, q.tenantId), eq(providerRounds.provider, q.provider), eq(providerRounds.roundId, q.roundId)))
    .for('update');
  return row ?? null;
}

/** The round of a bet, created by its first bet (the first bettor and game own it), locked in `tx`. */
export async function openRound(
  tx: Db,
  q: {
    tenantId: number;
    userId: number;
    provider: string;
    roundId: string;
    game: string;
    gameId: string | null;
  },
): Promise<ProviderRoundRow> {
  await tx
    .insert(providerRounds)
    .values({
      tenantId: q.tenantId,
      userId: q.userId,
      provider: q.provider,
      roundId: q.roundId,
      game: q.game,
      gameId: q.gameId,
    })
    .onConflictDoNothing({
      target: [providerRounds.tenantId, providerRounds.provider, providerRounds.roundId],
    });
  const round = await lockRound(tx, q);
  if (!round) throw new Error('provider round disappeared');
  return round;
}

/** Adds to a round's stake and paid figures (negative to take back), settling it when asked. */
export async function updateRound(tx: Db, id: number, change: { stake?: bigint; paid?: bigint; settle?: boolean }): Promise<void> {
  await tx
    .update(providerRounds)
    .set({
      stake: sql`${providerRounds.stake} + ${change.stake ?? 0n}`,
      paid: sql`${providerRounds.paid} + ${change.paid ?? 0n}`,
      ...(change.settle ? { settledAt: sql`coalesce(${providerRounds.settledAt}, now())` } : {}),
    })
    .where(eq(providerRounds.id, id));
}

/** The round game's maximum multiplier: the catalogue's `max_multiplier`, else its type's default, else the unknown-game cap. */
export async function roundMaxMultiplier(tx: Db, round: Pick<ProviderRoundRow, 'tenantId' | 'provider' | 'gameId'>): Promise<number> {
  if (!round.gameId) return UNKNOWN_GAME_MAX_MULTIPLIER;
  const [game] = await tx
    .select({ maxMultiplier: games.maxMultiplier, type: games.type })
    .from(games)
    .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
    .where(and(eq(games.tenantId, round.tenantId), eq(gameProviders.code, round.provider), eq(games.gameId, round.gameId)))
    .limit(1);
  if (!game) return UNKNOWN_GAME_MAX_MULTIPLIER;
  return game.maxMultiplier ?? DEFAULT_MAX_MULTIPLIER[game.type];
}
