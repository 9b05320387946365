import type { FreeRoundsView, PlayerBonusView } from './bonuses.ts';
import type { PlinkoParams } from './casino.ts';

/**
 * House-game figures that the platform enforces and the site shows: one
 * source so the bet field, the Plinko payout table and the server's checks
 * never drift. The spec is silent on them; they are the platform's
 * decisions, the same for real money and demo. Amounts are integer
 * centavos; multipliers integers in 1/10000.
 */

/** Minimum stake of a round: R$ 0,10. */
export const HOUSE_MIN_BET = 10;
/** Maximum stake of a round: R$ 1.000,00. */
export const HOUSE_MAX_BET = 100_000;
/** A round pays at most R$ 100.000,00: a larger win (R$ 1.000,00 at Limbo 1000×) is cut to the cap. */
export const HOUSE_MAX_PAYOUT = 10_000_000;

/**
 * Plinko payout multipliers (1/10000) per landing slot 0 … rows, symmetric.
 * The industry's usual tables; with slot k's probability C(rows, k) / 2^rows
 * each returns between 98.9 % and 99.2 % (tests compute it exactly; the
 * stated RTP is 99 %):
 * 8 low 98.98 %, medium 98.91 %, high 99.06 %; 12 low 98.98 %, medium 98.99 %,
 * high 99.12 %; 16 low 99.00 %, medium 98.99 %, high 98.98 %.
 */
export const PLINKO_TABLES: Readonly<Record<PlinkoParams['rows'], Readonly<Record<PlinkoParams['risk'], readonly number[]>>>> = {
  8: {
    low: [56000, 21000, 11000, 10000, 5000, 10000, 11000, 21000, 56000],
    medium: [130000, 30000, 13000, 7000, 4000, 7000, 13000, 30000, 130000],
    high: [290000, 40000, 15000, 3000, 2000, 3000, 15000, 40000, 290000],
  },
  12: {
    low: [100000, 30000, 16000, 14000, 11000, 10000, 5000, 10000, 11000, 14000, 16000, 30000, 100000],
    medium: [330000, 110000, 40000, 20000, 11000, 6000, 3000, 6000, 11000, 20000, 40000, 110000, 330000],
    high: [1700000, 240000, 81000, 20000, 7000, 2000, 2000, 2000, 7000, 20000, 81000, 240000, 1700000],
  },
  16: {
    low: [160000, 90000, 20000, 14000, 14000, 12000, 11000, 10000, 5000, 10000, 11000, 12000, 14000, 14000, 20000, 90000, 160000],
    medium: [1100000, 410000, 100000, 50000, 30000, 15000, 10000, 5000, 3000, 5000, 10000, 15000, 30000, 50000, 100000, 410000, 1100000],
    high: [10000000, 1300000, 260000, 90000, 40000, 20000, 2000, 2000, 2000, 2000, 2000, 20000, 40000, 90000, 260000, 1300000, 10000000],
  },
};

/**
 * A free round (issue 18, a coupon's `free_rounds` reward): `POST /house/{game}/play {free_round: true, params}`
 * by a logged-in player plays one of their free rounds of `game` (the one expiring first) at its stake — the
 * operator pays it, `amount` is not needed (ignored if sent); `demo` must be false. 409 `no_free_rounds` when
 * none is left, 403 `bonus_not_allowed` on a regulated tenant. The answer adds `free_round`: the grant after
 * this round and the bonus its win became (null on a loss); `wallet` is always there.
 */
export interface FreeRoundPlayed {
  grant: FreeRoundsView;
  bonus: PlayerBonusView | null;
}
