import type { LimboParams } from '../../../../src/contract/casino.ts';
import { type RoundSeeds, roundUint32s } from '../fairness/floats.ts';

/** Target bounds in 1/10000: 1.01× … 1000×. */
export const LIMBO_TARGET_MIN = 10_100;
export const LIMBO_TARGET_MAX = 10_000_000;
/** Targets are whole hundredths of a multiplier (2.37×), like the result. */
export const LIMBO_TARGET_STEP = 100;

const RANGE = 2n ** 32n;

/**
 * The crash result in 1/10000 from the round's first uint32 n (float f = n/2³²):
 * result = max(1.00, floor(0.99 / (1 − f) × 100) / 100), computed exactly in
 * integers as floor(99 × 2³² / (2³² − n)) hundredths. P(result ≥ t) =
 * floor(99 × 2³² / t_hundredths) / 2³² ≈ 0.99 / t, so paying the target on
 * a win returns 99 % (short of it by less than t / 2³²).
 */
export function limboResult(uint32: number): number {
  const hundredths = (99n * RANGE) / (RANGE - BigInt(uint32));
  return Number(hundredths < 100n ? 100n : hundredths) * 100;
}

/** One round: the result and the multiplier paid (the target when result ≥ target, else 0). */
export function playLimbo(seeds: RoundSeeds, params: LimboParams): { outcome: { game: 'limbo'; result: number }; multiplier: number } {
  const [n = 0] = roundUint32s(seeds, 1);
  const result = limboResult(n);
  return { outcome: { game: 'limbo', result }, multiplier: result >= params.target ? params.target : 0 };
}
