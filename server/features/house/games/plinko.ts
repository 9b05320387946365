import type { PlinkoParams } from '../../../../src/contract/casino.ts';
import { PLINKO_TABLES } from '../../../../src/contract/house.ts';
import { type RoundSeeds, roundUint32s } from '../fairness/floats.ts';

export const PLINKO_ROWS = [8, 12, 16] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;

/** Half of 2³²: float < 0.5 ⇔ uint32 < 2³¹. */
const HALF = 2 ** 31;

/**
 * One round: one float per row (rows 9–16 come from cursor 1), left when
 * float < 0.5, right otherwise; the slot is the number of rights and the
 * multiplier that slot's entry of the (rows, risk) table.
 */
export function playPlinko(
  seeds: RoundSeeds,
  params: PlinkoParams,
): { outcome: { game: 'plinko'; path: ('L' | 'R')[]; slot: number }; multiplier: number } {
  const path = roundUint32s(seeds, params.rows).map((n): 'L' | 'R' => (n < HALF ? 'L' : 'R'));
  const slot = path.filter((step) => step === 'R').length;
  const multiplier = PLINKO_TABLES[params.rows][params.risk][slot];
  if (multiplier === undefined) throw new Error(`no plinko multiplier for slot ${slot}`);
  return { outcome: { game: 'plinko', path, slot }, multiplier };
}
