import type { DiceParams, HouseGame, LimboParams } from '../../contract/casino.ts';
import { HOUSE_RTP_BPS } from '../../contract/casino.ts';

/**
 * The TERMS of a bet, shown before it is placed (win chance and the
 * multiplier a win pays). They follow from the chosen params alone and match
 * the platform's documented formulas; nothing here decides or predicts a
 * round's outcome, which only the server computes.
 */

/** Dice target bounds in hundredths (2.00 … 98.00), as the contract states. */
export const DICE_TARGET_MIN = 200;
export const DICE_TARGET_MAX = 9800;
/** Limbo target bounds in 1/10000 (1.01× … 1000×), whole hundredths of a multiplier. */
export const LIMBO_TARGET_MIN = 10_100;
export const LIMBO_TARGET_MAX = 10_000_000;
const DICE_OUTCOMES = 10_000;

/** Winning rolls out of 10,000 (rolls 0.00–99.99): under wins below target, over wins above it. */
export function diceWinChance(params: DiceParams): number {
  return params.direction === 'under' ? params.target : DICE_OUTCOMES - 1 - params.target;
}

/** The multiplier (1/10000) a winning dice bet pays: floor(RTP / chance). */
export function diceMultiplier(params: DiceParams): number {
  return Math.floor((HOUSE_RTP_BPS.dice * DICE_OUTCOMES) / diceWinChance(params));
}

/** Limbo's win chance in 1/10000 (≈ RTP / target): 2.00× → 4950 = 49.50 %. */
export function limboWinChance(params: LimboParams): number {
  return Math.floor((HOUSE_RTP_BPS.limbo * 10_000) / params.target);
}

/** The game's return to player in basis points (Brazilian rule: shown to the player). */
export function houseRtp(game: HouseGame): number {
  return HOUSE_RTP_BPS[game];
}
