import { type DiceParams, HOUSE_RTP_BPS } from '../../../../src/contract/casino.ts';
import { type RoundSeeds, roundUint32s, UINT32_RANGE } from '../fairness/floats.ts';

/** Target bounds in hundredths (2.00 … 98.00), so the win chance stays between 1.99 % and 97.99 %. */
export const DICE_TARGET_MIN = 200;
export const DICE_TARGET_MAX = 9800;
/** Rolls are hundredths 0 … 9999 (0.00 – 99.99): 10,000 equally likely values. */
export const DICE_OUTCOMES = 10_000;
/** RTP numerator: multiplier (1/10000) × win chance (1/10000) = the stated RTP (0.99) → 99,000,000 before flooring. */
const RTP_NUMERATOR = HOUSE_RTP_BPS.dice * DICE_OUTCOMES;

/** The roll in hundredths: floor(float × 10000), computed exactly as floor(uint32 × 10000 / 2³²). */
export function diceRoll(uint32: number): number {
  return Math.floor((uint32 * DICE_OUTCOMES) / UINT32_RANGE);
}

/**
 * Winning rolls out of 10,000: `under` wins when roll < target (target
 * values), `over` when roll > target (9999 − target values).
 */
export function diceWinChance(params: DiceParams): number {
  return params.direction === 'under' ? params.target : DICE_OUTCOMES - 1 - params.target;
}

/** Payout multiplier in 1/10000 on a win: floor(0.99 / chance), so RTP = chance × multiplier ≤ 99 % (exactly 99 % when the chance divides 99,000,000). */
export function diceMultiplier(params: DiceParams): number {
  return Math.floor(RTP_NUMERATOR / diceWinChance(params));
}

export function diceWins(params: DiceParams, roll: number): boolean {
  return params.direction === 'under' ? roll < params.target : roll > params.target;
}

/** One round: roll (hundredths, the contract's `roll`) and the multiplier paid (0 on a loss). */
export function playDice(seeds: RoundSeeds, params: DiceParams): { outcome: { game: 'dice'; roll: number }; multiplier: number } {
  const [n = 0] = roundUint32s(seeds, 1);
  const roll = diceRoll(n);
  return { outcome: { game: 'dice', roll }, multiplier: diceWins(params, roll) ? diceMultiplier(params) : 0 };
}
