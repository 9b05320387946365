import { describe, expect, it } from 'vitest';
import { createEngine, type EngineKind, seededRng } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/index.ts';

/**
 * Issue 13's proof: "a simulated 1,000,000-spin run of each sandbox engine
 * lands within 5 standard errors of its published RTP". Each engine plays a
 * million rounds from a seeded stream, cycling over a mix of bets; the
 * measured return is the mean of payout / stake, its standard error the
 * sample standard deviation of that per-round return over √N. Stakes are
 * chosen so payouts are never floored (a multiple of R$ 100,00 for the
 * table's 1/10 000 multipliers, of R$ 1,00 for the slots' hundredths), so
 * the only gap to the published figure is chance.
 */
const N = 1_000_000;

interface Case {
  rtpBps: number;
  /** Stake and params of each round, cycled. */
  rounds: { stake: number; params: unknown }[];
}

const roulette = (bets: { type: string; value?: number; amount: number }[]): { stake: number; params: unknown } => ({
  stake: bets.reduce((s, b) => s + b.amount, 0),
  params: { bets },
});

const CASES: Record<EngineKind, Case> = {
  slots: { rtpBps: 9650, rounds: [{ stake: 10_000, params: {} }] },
  roulette: {
    rtpBps: 9730,
    rounds: [
      roulette([{ type: 'red', amount: 1000 }]),
      roulette([{ type: 'black', amount: 500 }, { type: 'odd', amount: 500 }]),
      roulette([{ type: 'straight', value: 17, amount: 100 }]),
      roulette([{ type: 'dozen', value: 2, amount: 300 }, { type: 'column', value: 1, amount: 300 }]),
      roulette([{ type: 'low', amount: 200 }, { type: 'high', amount: 200 }, { type: 'even', amount: 100 }, { type: 'straight', value: 0, amount: 50 }]),
      roulette([{ type: 'straight', value: 32, amount: 20 }, { type: 'straight', value: 15, amount: 20 }, { type: 'dozen', value: 3, amount: 160 }]),
    ],
  },
  crash: { rtpBps: 9700, rounds: [101, 150, 200, 300, 500, 1000, 2000].map((cashout) => ({ stake: 10_000, params: { cashout } })) },
  table: { rtpBps: 9930, rounds: ['home', 'away', 'tie', 'home'].map((side) => ({ stake: 1_000_000, params: { side } })) },
};

describe('sandbox engines: 1,000,000 simulated rounds each', () => {
  for (const kind of ['slots', 'roulette', 'crash', 'table'] as const) {
    it(`${kind} lands within 5 standard errors of its published RTP`, () => {
      const { rtpBps, rounds } = CASES[kind];
      const engine = createEngine(kind, rtpBps);
      const parsed = rounds.map((r) => {
        const params = engine.parseParams(r.params, r.stake);
        expect(params, JSON.stringify(r)).not.toBeNull();
        return { stake: r.stake, params };
      });
      const rng = seededRng(13_000 + rtpBps);
      let sum = 0;
      let squares = 0;
      const started = performance.now();
      for (let i = 0; i < N; i++) {
        const round = parsed[i % parsed.length]!;
        const ret = engine.play(round.stake, round.params, rng).payout / round.stake;
        sum += ret;
        squares += ret * ret;
      }
      const seconds = (performance.now() - started) / 1000;
      const measured = sum / N;
      const sd = Math.sqrt((squares - N * measured * measured) / (N - 1));
      const se = sd / Math.sqrt(N);
      const published = engine.rtpPpm / 1e6;
      console.log(
        `${kind}: measured RTP ${(measured * 100).toFixed(3)} %, published ${(published * 100).toFixed(4)} %, ` +
          `SE ${(se * 100).toFixed(3)} points, off by ${(Math.abs(measured - published) / se).toFixed(2)} SE (${seconds.toFixed(1)} s)`,
      );
      expect(Math.abs(measured - published)).toBeLessThanOrEqual(5 * se);
      expect(Math.abs(published * 10_000 - rtpBps), 'published within 0.01 point of the asked RTP (roulette: 36/37)').toBeLessThan(kind === 'roulette' ? 2 : 1);
    }, 60_000);
  }
});
