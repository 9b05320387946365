import type { HouseOutcome, HouseParams } from '../../../../src/contract/casino.ts';
import type { RoundSeeds } from '../fairness/floats.ts';
import { playDice } from './dice.ts';
import { playLimbo } from './limbo.ts';
import { playPlinko } from './plinko.ts';

export interface RoundResult {
  outcome: HouseOutcome;
  /** Payout multiplier in 1/10000; 0 on a loss. */
  multiplier: number;
}

/**
 * The outcome of a round: a pure function of the seeds, the nonce and the
 * game's params — nothing about the player enters it. Used by play and by
 * verification alike.
 */
export function decideRound(seeds: RoundSeeds, game: HouseParams): RoundResult {
  switch (game.game) {
    case 'dice':
      return playDice(seeds, game.params);
    case 'limbo':
      return playLimbo(seeds, game.params);
    case 'plinko':
      return playPlinko(seeds, game.params);
  }
}

/**
 * Payout in centavos: floor(amount × multiplier / 10000) in bigint, then
 * capped at `cap` (the per-round maximum payout).
 */
export function payoutFor(amount: bigint, multiplier: number, cap: bigint): bigint {
  const raw = (amount * BigInt(multiplier)) / 10_000n;
  return raw > cap ? cap : raw;
}
