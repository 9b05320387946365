import { isCentavos, isRecord } from './params.ts';
import { uniformInt } from './rng.ts';
import type { Rng, SandboxEngine } from './types.ts';

/**
 * The RNG table every live-style and table game of the sandbox plays
 * (blackjack, baccarat, poker, sic bo, game shows…): a card duel.
 *
 * Maths: two cards, home and away, each of rank 1–13 (ace low) and suit
 * drawn uniformly and independently (an infinite shoe). The higher rank
 * wins; equal ranks tie. P(home) = P(away) = (1 − 1/13)/2 = 6/13 and
 * P(tie) = 1/13. A side of probability p pays m = floor(r / p) in 1/10 000
 * of the stake (r = RTP in basis points), stake included: home and away
 * floor(13·r/6), tie 13·r exactly. Its return p · m is the asked RTP less
 * under 6/13 of a basis point (0.005 points); `rtpPpm` is the lower of the
 * sides' exact returns, to the ppm below. A round pays floor(stake · m / 10 000):
 * exact when the stake is a multiple of R$ 100,00, under a centavo short otherwise.
 */

export const TABLE_SIDES = ['home', 'away', 'tie'] as const;
export type TableSide = (typeof TABLE_SIDES)[number];
export const CARD_SUITS = ['♠', '♥', '♦', '♣'] as const;
export interface Card {
  rank: number;
  suit: (typeof CARD_SUITS)[number];
}
export interface TableParams {
  side: TableSide;
}
export interface TableOutcome {
  home: Card;
  away: Card;
  winner: TableSide;
}

/** Chance of each side as a fraction over 13. */
const SIDE_THIRTEENTHS: Readonly<Record<TableSide, number>> = { home: 6, away: 6, tie: 1 };

/** Each side's payout multiple in 1/10 000 of the stake at RTP `rtpBps`. */
export function tableMultipliers(rtpBps: number): Record<TableSide, number> {
  const pay = (side: TableSide): number => Math.floor((rtpBps * 13) / SIDE_THIRTEENTHS[side]);
  return { home: pay('home'), away: pay('away'), tie: pay('tie') };
}

function drawCard(rng: Rng): Card {
  const index = uniformInt(rng, 52);
  return { rank: (index % 13) + 1, suit: CARD_SUITS[Math.floor(index / 13)] ?? '♠' };
}

export function createTableEngine(rtpBps: number): SandboxEngine<TableParams, TableOutcome> {
  const multipliers = tableMultipliers(rtpBps);
  // Return of a side in ppm: p · m / 10 000 · 10⁶ = (thirteenths / 13) · m · 100, floored to the ppm.
  const returnPpm = (side: TableSide): number => Math.floor((SIDE_THIRTEENTHS[side] * multipliers[side] * 100) / 13);
  return {
    kind: 'table',
    rtpPpm: Math.min(...TABLE_SIDES.map(returnPpm)),
    maxMultiplier: Math.ceil(Math.max(...TABLE_SIDES.map((s) => multipliers[s])) / 10_000),
    parseParams(input, stake) {
      if (!isCentavos(stake) || !isRecord(input)) return null;
      const side = TABLE_SIDES.find((s) => s === input.side);
      return side ? { side } : null;
    },
    play(stake, params, rng) {
      const home = drawCard(rng);
      const away = drawCard(rng);
      const winner: TableSide = home.rank > away.rank ? 'home' : home.rank < away.rank ? 'away' : 'tie';
      const payout = winner === params.side ? Math.floor((stake * multipliers[params.side]) / 10_000) : 0;
      return { outcome: { home, away, winner }, payout };
    },
    describe() {
      return {
        ranks: { min: 1, max: 13 },
        suits: [...CARD_SUITS],
        sides: TABLE_SIDES.map((side) => ({ side, pays: multipliers[side] / 10_000, chance: SIDE_THIRTEENTHS[side] / 13, rtpPpm: returnPpm(side) })),
      };
    },
  };
}
