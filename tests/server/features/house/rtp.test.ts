import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOUSE_RTP_BPS, type HouseGame, type HouseParams } from '../../../../src/contract/casino.ts';
import { diceMultiplier, diceWinChance, DICE_OUTCOMES } from '../../../../server/features/house/games/dice.ts';
import { decideRound } from '../../../../server/features/house/games/outcome.ts';
import { PLINKO_RISKS, PLINKO_ROWS } from '../../../../server/features/house/games/plinko.ts';
import { PLINKO_TABLES } from '../../../../src/contract/house.ts';

/**
 * Return to player: exact expectation and variance of each game at given
 * params from its probabilities, and a simulation of 1,000,000 rounds per
 * game with random seeds through the same pure functions play uses. The
 * measured mean must be within 5 standard errors (σ / √N, σ from the exact
 * variance) of the exact RTP, and the exact RTP within 0.5 points of the
 * stated 99 %. Params cycle round by round over a representative set.
 */
const N = 1_000_000;

interface Moments {
  mean: number;
  variance: number;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

function exact(game: HouseParams): Moments {
  if (game.game === 'dice') {
    const p = diceWinChance(game.params) / DICE_OUTCOMES;
    const m = diceMultiplier(game.params) / 10000;
    return { mean: p * m, variance: p * m * m - (p * m) ** 2 };
  }
  if (game.game === 'limbo') {
    const t = game.params.target / 100; // hundredths
    const p = Math.floor((99 * 2 ** 32) / t) / 2 ** 32;
    const m = game.params.target / 10000;
    return { mean: p * m, variance: p * m * m - (p * m) ** 2 };
  }
  const table = PLINKO_TABLES[game.params.rows][game.params.risk];
  const rows = game.params.rows;
  let mean = 0;
  let square = 0;
  table.forEach((mult, k) => {
    const p = binomial(rows, k) / 2 ** rows;
    mean += (p * mult) / 10000;
    square += (p * (mult / 10000) ** 2);
  });
  return { mean, variance: square - mean * mean };
}

const SETS: Record<HouseGame, HouseParams[]> = {
  dice: [
    { game: 'dice', params: { target: 5000, direction: 'under' } },
    { game: 'dice', params: { target: 4999, direction: 'over' } },
    { game: 'dice', params: { target: 1000, direction: 'under' } },
    { game: 'dice', params: { target: 9800, direction: 'under' } },
    { game: 'dice', params: { target: 3333, direction: 'over' } },
  ],
  // Multipliers far from 1 have huge variance (dice 49.5×, limbo 1000× ⇒ σ ≈ 31 a round), so the simulated sets stop at
  // about 10×; the extremes (dice target 2.00, limbo 50×, 100×, 1000×) are checked exactly above only.
  limbo: [10100, 15000, 20000, 100000].map((target) => ({ game: 'limbo', params: { target } })),
  plinko: PLINKO_ROWS.flatMap((rows) => PLINKO_RISKS.map((risk): HouseParams => ({ game: 'plinko', params: { rows, risk } }))),
};

function simulate(set: HouseParams[]): number {
  let total = 0;
  let serverSeed = '';
  let clientSeed = '';
  for (let i = 0; i < N; i++) {
    // A new random pair every 1,000 rounds, nonces 0…999 within it, as a player would use them.
    if (i % 1000 === 0) {
      serverSeed = randomBytes(32).toString('hex');
      clientSeed = randomBytes(8).toString('hex');
    }
    total += decideRound({ serverSeed, clientSeed, nonce: i % 1000 }, set[i % set.length]!).multiplier;
  }
  return total / 10000 / N;
}

describe('return to player', () => {
  it('every stated RTP is at least 95 % (Brazilian rule)', () => {
    for (const rtp of Object.values(HOUSE_RTP_BPS)) expect(rtp).toBeGreaterThanOrEqual(9500);
  });

  it('exact RTP of every Plinko table, every dice/limbo edge param is within [98.5 %, 99.5 %] and never above 99 % for dice/limbo', () => {
    for (const set of Object.values(SETS)) for (const game of set) expect(exact(game).mean).toBeGreaterThanOrEqual(0.985);
    for (const game of SETS.plinko) expect(exact(game).mean).toBeLessThanOrEqual(0.995);
    const extra: HouseParams[] = [
      { game: 'limbo', params: { target: 1_000_000 } },
      { game: 'limbo', params: { target: 10_000_000 } },
      { game: 'limbo', params: { target: 12_300 } },
      { game: 'limbo', params: { target: 500_000 } },
      { game: 'dice', params: { target: 200, direction: 'under' } },
      { game: 'dice', params: { target: 9800, direction: 'over' } },
      { game: 'dice', params: { target: 1234, direction: 'under' } },
    ];
    for (const game of [...SETS.dice, ...SETS.limbo, ...extra]) {
      const { mean } = exact(game);
      expect(mean, JSON.stringify(game)).toBeLessThanOrEqual(0.99 + 1e-12);
      expect(mean, JSON.stringify(game)).toBeGreaterThan(0.9898);
    }
  });

  for (const game of ['dice', 'limbo', 'plinko'] as const) {
    it(`${game}: 1,000,000 simulated rounds measure the stated RTP within 5 standard errors`, () => {
      const set = SETS[game];
      const moments = set.map(exact);
      const expected = moments.reduce((s, m) => s + m.mean, 0) / set.length;
      // Each param gets N / k rounds: Var(mean) = Σ_j (N/k) σ_j² / N² = mean(σ_j²) / N.
      const se = Math.sqrt(moments.reduce((s, m) => s + m.variance, 0) / set.length / N);
      const stated = HOUSE_RTP_BPS[game] / 10000;
      const measured = simulate(set);
      expect(Math.abs(expected - stated)).toBeLessThan(0.005);
      expect(Math.abs(measured - expected), `measured ${measured}, exact ${expected}, se ${se}`).toBeLessThan(5 * se);
      console.info(`${game}: measured RTP ${(measured * 100).toFixed(3)} %, exact ${(expected * 100).toFixed(3)} %, 5 SE = ${(5 * se * 100).toFixed(3)} points`);
    }, 120_000);
  }
});
