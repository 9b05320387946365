import { eq, sql } from 'drizzle-orm';
import type { HouseParams, HouseRoundView } from '../../../src/contract/casino.ts';
import { HOUSE_MAX_PAYOUT } from '../../../src/contract/house.ts';
import type { Db } from '../../db/open.ts';
import { decideRound, payoutFor } from './games/outcome.ts';
import { toRoundView } from './rounds.ts';
import { type HouseRoundRow, houseRounds, houseSeeds } from './schema.ts';
import { lockActivePair } from './seeds.ts';

/** The contract's payout cap as the ledger's bigint centavos. */
const MAX_PAYOUT = BigInt(HOUSE_MAX_PAYOUT);

export interface DrawInput {
  tenantId: number;
  actorKey: string;
  userId: number | null;
  game: HouseParams;
  demo: boolean;
  /** Stake in centavos (a free round's stake too: the payout is stake × multiplier). */
  amount: bigint;
}

/**
 * The provably fair part of a round, inside the caller's transaction: lock
 * the actor's active seed pair, decide the outcome from the seeds and the
 * pair's next nonce (nothing else), store the round and increment the nonce.
 * Money is the caller's business (paid rounds: play.ts; free rounds:
 * free-rounds/play.ts), so every round is drawn the same way.
 */
export async function drawRound(tx: Db, input: DrawInput): Promise<{ row: HouseRoundRow; view: HouseRoundView }> {
  const seed = await lockActivePair(tx, { tenantId: input.tenantId, actorKey: input.actorKey });
  const { outcome, multiplier } = decideRound({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce }, input.game);
  const payout = payoutFor(input.amount, multiplier, MAX_PAYOUT);
  const [round] = await tx
    .insert(houseRounds)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      actorKey: input.actorKey,
      game: input.game.game,
      demo: input.demo,
      amount: input.amount,
      payout,
      multiplier,
      params: input.game.params as unknown as Record<string, unknown>,
      outcome: outcome as unknown as Record<string, unknown>,
      seedId: seed.id,
      nonce: seed.nextNonce,
    })
    .returning();
  if (!round) throw new Error('round insert returned no row');
  await tx
    .update(houseSeeds)
    .set({ nextNonce: sql`${houseSeeds.nextNonce} + 1` })
    .where(eq(houseSeeds.id, seed.id));
  return { row: round, view: toRoundView(round, { ...seed, revealedAt: null }) };
}
