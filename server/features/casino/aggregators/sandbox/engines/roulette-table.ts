/**
 * The European roulette table itself (no maths of payouts, no randomness):
 * its bet types, the red pockets and which bets a pocket wins. Pure and
 * free of Node imports, so the engine (./roulette.ts) and the game page's
 * browser script (../page/client/roulette.ts) share one definition.
 */

export const ROULETTE_BET_TYPES = ['straight', 'red', 'black', 'even', 'odd', 'low', 'high', 'dozen', 'column'] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

export interface RouletteBet {
  type: RouletteBetType;
  /** straight: the pocket 0–36; dozen and column: 1–3; absent for the others. */
  value?: number;
  /** Centavos, at least 1. */
  amount: number;
}
export interface RouletteParams {
  bets: RouletteBet[];
}
export interface RouletteOutcome {
  pocket: number;
  color: 'red' | 'black' | 'green';
}

export const RED_POCKETS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The colour of a pocket on the wheel. */
export function pocketColor(pocket: number): RouletteOutcome['color'] {
  if (pocket === 0) return 'green';
  return RED_POCKETS.has(pocket) ? 'red' : 'black';
}

/** Whether `bet` wins when the ball lands in `pocket`. */
export function betWins(bet: Pick<RouletteBet, 'type' | 'value'>, pocket: number): boolean {
  if (bet.type === 'straight') return bet.value === pocket;
  if (pocket === 0) return false;
  switch (bet.type) {
    case 'red':
      return RED_POCKETS.has(pocket);
    case 'black':
      return !RED_POCKETS.has(pocket);
    case 'even':
      return pocket % 2 === 0;
    case 'odd':
      return pocket % 2 === 1;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.value;
    case 'column':
      return ((pocket - 1) % 3) + 1 === bet.value;
  }
}
