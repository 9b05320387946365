import { isCentavos, isIntIn, isRecord } from './params.ts';
import { uniformInt } from './rng.ts';
import { betWins, pocketColor, RED_POCKETS, ROULETTE_BET_TYPES, type RouletteBet, type RouletteBetType, type RouletteOutcome, type RouletteParams } from './roulette-table.ts';
import type { SandboxEngine } from './types.ts';

/**
 * European roulette, single zero: one pocket of 37 (0–36), uniformly.
 *
 * Maths: every bet type pays (36 / n)× its amount, stake included, where n is
 * the number of pockets it covers: straight (1 pocket) 36×, dozen and column
 * (12) 3×, red, black, even, odd, low 1–18, high 19–36 (18 each) 2×. Zero is
 * none of the outside bets. Each bet therefore returns n/37 · 36/n = 36/37 =
 * 97.2973 % of its amount, and so does any mix of bets, whatever the
 * catalogue states (the demo's roulettes say 97.3 %, American ones too: this
 * engine reports its own figure). Payouts are whole centavos (amount × an
 * integer), at most 36× the stake (everything on one number).
 */

export { betWins, pocketColor, RED_POCKETS, ROULETTE_BET_TYPES, type RouletteBet, type RouletteBetType, type RouletteOutcome, type RouletteParams } from './roulette-table.ts';

/** Most bets one round may carry (the page's chips), so a round stays a small request. */
export const ROULETTE_MAX_BETS = 20;
export const ROULETTE_POCKETS = 37;

/** Total payout multiple of each bet type, stake included. */
export const ROULETTE_PAYS: Readonly<Record<RouletteBetType, number>> = {
  straight: 36,
  red: 2,
  black: 2,
  even: 2,
  odd: 2,
  low: 2,
  high: 2,
  dozen: 3,
  column: 3,
};

function parseBet(input: unknown): RouletteBet | null {
  if (!isRecord(input) || !isCentavos(input.amount)) return null;
  const type = ROULETTE_BET_TYPES.find((t) => t === input.type);
  if (!type) return null;
  const value = input.value;
  if (type === 'straight') return isIntIn(value, 0, 36) ? { type, value, amount: input.amount } : null;
  if (type === 'dozen' || type === 'column') return isIntIn(value, 1, 3) ? { type, value, amount: input.amount } : null;
  return value === undefined || value === null ? { type, amount: input.amount } : null;
}

/** The roulette engine: the RTP is the wheel's, 36/37, so the catalogue's figure is not used. */
export function createRouletteEngine(): SandboxEngine<RouletteParams, RouletteOutcome> {
  return {
    kind: 'roulette',
    rtpPpm: Math.round((36 / 37) * 1_000_000),
    maxMultiplier: ROULETTE_PAYS.straight,
    parseParams(input, stake) {
      if (!isRecord(input) || !Array.isArray(input.bets) || !isCentavos(stake)) return null;
      if (input.bets.length < 1 || input.bets.length > ROULETTE_MAX_BETS) return null;
      const bets: RouletteBet[] = [];
      let sum = 0;
      for (const raw of input.bets) {
        const bet = parseBet(raw);
        if (!bet) return null;
        bets.push(bet);
        sum += bet.amount;
      }
      return sum === stake ? { bets } : null;
    },
    play(_stake, params, rng) {
      const pocket = uniformInt(rng, ROULETTE_POCKETS);
      let payout = 0;
      for (const bet of params.bets) if (betWins(bet, pocket)) payout += bet.amount * ROULETTE_PAYS[bet.type];
      return { outcome: { pocket, color: pocketColor(pocket) }, payout };
    },
    describe() {
      return {
        wheel: 'european',
        pockets: ROULETTE_POCKETS,
        red: [...RED_POCKETS],
        maxBets: ROULETTE_MAX_BETS,
        bets: ROULETTE_BET_TYPES.map((type) => ({
          type,
          pays: ROULETTE_PAYS[type],
          values: type === 'straight' ? { min: 0, max: 36 } : type === 'dozen' || type === 'column' ? { min: 1, max: 3 } : null,
        })),
      };
    },
  };
}
