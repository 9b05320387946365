import { describe, expect, it } from 'vitest';
import { CRASH_MAX_CASHOUT, crashPointOf, crashReachChance } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/crash.ts';
import { createEngine } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/index.ts';
import { betWins, createRouletteEngine, ROULETTE_PAYS, type RouletteBet } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/roulette.ts';
import { lineHit, type SlotMachine } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/slots-machine.ts';
import { SANDBOX_SLOT_MACHINE } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/slots-reels.ts';
import { exactRtp, lineHitWeights, rtpPpmOf, scalePaytable, stopCombinations } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/slots-rtp.ts';
import { createSlotsEngine } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/slots.ts';
import { tableMultipliers } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/table.ts';
import type { Rng } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/types.ts';

/**
 * Each engine's published RTP against an exhaustive count of its outcomes:
 * every pocket, every pair of cards, every stop combination of a small slot
 * machine (through the same play() the rounds use), and the crash formula
 * checked against exact BigInt arithmetic.
 */

/** An Rng that makes uniformInt(rng, n) return the scripted indexes in turn (the middle of each cell). */
function scriptedRng(cells: { index: number; of: number }[]): Rng {
  let i = 0;
  return {
    next() {
      const cell = cells[i++ % cells.length]!;
      return (cell.index + 0.5) / cell.of;
    },
  };
}

describe('roulette', () => {
  it('every bet type returns exactly 36/37 over the 37 pockets, and play pays what betWins says', () => {
    const engine = createRouletteEngine();
    const bets: RouletteBet[] = [
      ...Array.from({ length: 37 }, (_, value): RouletteBet => ({ type: 'straight', value, amount: 1 })),
      ...(['red', 'black', 'even', 'odd', 'low', 'high'] as const).map((type): RouletteBet => ({ type, amount: 1 })),
      ...[1, 2, 3].flatMap((value): RouletteBet[] => [
        { type: 'dozen', value, amount: 1 },
        { type: 'column', value, amount: 1 },
      ]),
    ];
    for (const bet of bets) {
      let total = 0;
      for (let pocket = 0; pocket < 37; pocket++) {
        const { payout, outcome } = engine.play(1, { bets: [bet] }, scriptedRng([{ index: pocket, of: 37 }]));
        expect(outcome.pocket).toBe(pocket);
        expect(payout).toBe(betWins(bet, pocket) ? ROULETTE_PAYS[bet.type] : 0);
        total += payout;
      }
      expect(total, JSON.stringify(bet)).toBe(36);
    }
    expect(engine.rtpPpm).toBe(Math.round((36 / 37) * 1e6));
  });

  it('knows the wheel: 0 green, 18 red, 18 black, dozens and columns as on the layout', () => {
    const engine = createRouletteEngine();
    const colours = Array.from({ length: 37 }, (_, p) => engine.play(1, { bets: [{ type: 'red', amount: 1 }] }, scriptedRng([{ index: p, of: 37 }])).outcome.color);
    expect(colours[0]).toBe('green');
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].every((p) => colours[p] === 'red')).toBe(true);
    expect(betWins({ type: 'dozen', value: 2 }, 24)).toBe(true);
    expect(betWins({ type: 'dozen', value: 2 }, 25)).toBe(false);
    expect(betWins({ type: 'column', value: 3 }, 36)).toBe(true);
    expect(betWins({ type: 'column', value: 1 }, 34)).toBe(true);
    expect(betWins({ type: 'even' }, 0)).toBe(false);
  });
});

describe('crash', () => {
  const R = 2n ** 32n;

  it('the crash point is floor(r·2³² / (100·(2³² − n))) hundredths, exactly, between 1.00× and the cap', () => {
    for (const rtp of [9500, 9700, 9950]) {
      for (let k = 0; k < 20_000; k++) {
        // Spread n over the whole range, densely near 2³² where the crash point is large.
        const n = k < 10_000 ? Math.floor((k / 10_000) * 2 ** 32) : 2 ** 32 - 1 - (k - 10_000) * 997;
        const exact = (BigInt(rtp) * R) / (100n * (R - BigInt(n)));
        const expected = exact < 100n ? 100 : exact > BigInt(CRASH_MAX_CASHOUT) ? CRASH_MAX_CASHOUT : Number(exact);
        expect(crashPointOf(n, rtp)).toBe(expected);
      }
    }
  });

  it('reaching target t has chance RTP / (t/100) to within t / (100·2³²), so every target returns the RTP to the ppm', () => {
    for (const rtp of [9500, 9600, 9700, 9950]) {
      for (const t of [101, 150, 199, 200, 333, 1000, 10_000, 99_999, 100_000]) {
        const chance = crashReachChance(t, rtp);
        expect(chance).toBe(Number((BigInt(rtp) * R) / (100n * BigInt(t))) / 2 ** 32);
        const ret = (chance * t) / 100;
        expect(ret).toBeLessThanOrEqual(rtp / 10_000);
        expect(rtp / 10_000 - ret).toBeLessThan(t / 100 / 2 ** 32 + 1e-15);
        expect(Math.abs(ret * 1e6 - createEngine('crash', rtp).rtpPpm)).toBeLessThan(0.5);
      }
    }
  });
});

describe('table', () => {
  it('over all 52 × 52 card pairs each side returns the published RTP, within 0.01 point of the asked one', () => {
    for (const rtp of [9500, 9650, 9890, 9930, 9950]) {
      const engine = createEngine('table', rtp);
      const m = tableMultipliers(rtp);
      for (const side of ['home', 'away', 'tie'] as const) {
        let total = 0;
        for (let a = 0; a < 52; a++) {
          for (let b = 0; b < 52; b++) {
            const rng = scriptedRng([
              { index: a, of: 52 },
              { index: b, of: 52 },
            ]);
            total += engine.play(10_000, { side }, rng).payout;
          }
        }
        // Stake 10 000 makes each payout the multiplier itself: the exact return is total / (52² · 10 000).
        const ppm = (total * 100) / 52 ** 2;
        expect(Math.floor(ppm)).toBeGreaterThanOrEqual(engine.rtpPpm);
        expect(rtp * 100 - ppm).toBeLessThan(100);
        expect(rtp * 100 - ppm).toBeGreaterThanOrEqual(0);
        expect(m[side]).toBe(Math.floor((rtp * 13) / (side === 'tie' ? 1 : 6)));
      }
      expect(rtp * 100 - engine.rtpPpm).toBeLessThan(100);
    }
  });
});

describe('slots', () => {
  /** A machine small enough to play every stop combination: 5 reels of 3–5 stops, 3 rows, 4 lines. */
  const small: SlotMachine = {
    symbols: ['cherry', 'bell', 'seven'],
    wild: 'wild',
    strips: [
      ['cherry', 'bell', 'seven', 'cherry'],
      ['bell', 'wild', 'cherry'],
      ['cherry', 'seven', 'bell', 'bell', 'wild'],
      ['seven', 'cherry', 'cherry', 'bell'],
      ['wild', 'bell', 'cherry', 'seven', 'cherry'],
    ],
    rows: 3,
    paylines: [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [0, 1, 2, 1, 0],
      [2, 1, 0, 1, 2],
    ],
    paytable: { cherry: [20, 50, 100], bell: [40, 100, 300], seven: [100, 400, 1500] },
  };

  it('the line rule: first symbol other than the wild, run of it or wilds from the left, a line of wilds pays as the top symbol', () => {
    const m = SANDBOX_SLOT_MACHINE;
    expect(lineHit(m, ['wild', 'wild', 'cherry', 'cherry', 'lemon'])).toEqual({ symbol: 'cherry', count: 4 });
    expect(lineHit(m, ['wild', 'wild', 'wild', 'lemon', 'bell'])).toEqual({ symbol: 'lemon', count: 4 });
    expect(lineHit(m, ['wild', 'wild', 'wild', 'wild', 'wild'])).toEqual({ symbol: 'seven', count: 5 });
    expect(lineHit(m, ['star', 'wild', 'star', 'bell', 'star'])).toEqual({ symbol: 'star', count: 3 });
    expect(lineHit(m, ['star', 'star', 'bell', 'star', 'star'])).toBeNull();
    expect(lineHit(m, ['bell', 'bell', 'bell', 'bell', 'bell'])).toEqual({ symbol: 'bell', count: 5 });
  });

  it('the analytic RTP equals playing every stop combination of a small machine through play()', () => {
    const engine = createSlotsEngine(9600, small);
    const lengths = small.strips.map((s) => s.length);
    const combinations = lengths.reduce((a, b) => a * b, 1);
    const stake = 100; // a payout in centavos is then the sum of the line pays in hundredths
    let total = 0;
    for (let k = 0; k < combinations; k++) {
      let rest = k;
      const cells = lengths.map((of) => {
        const index = rest % of;
        rest = Math.floor(rest / of);
        return { index, of };
      });
      total += engine.play(stake, {}, scriptedRng(cells)).payout;
    }
    const scaled = scalePaytable(small, 9600);
    const { numerator, denominator } = exactRtp(small, scaled);
    // Brute force: total / (combinations · stake). Analytic: numerator / denominator (denominator = combinations · 100).
    expect(denominator).toBe(BigInt(combinations) * 100n);
    expect(BigInt(total)).toBe(numerator);
    expect(engine.rtpPpm).toBe(Math.floor((total * 1e6) / (combinations * stake)));
    expect(engine.rtpPpm).toBe(rtpPpmOf(small, scaled));
  });

  it("one payline's hit counts on the sandbox machine equal a count over every 32⁵ symbol tuple of its strips", () => {
    const m = SANDBOX_SLOT_MACHINE;
    const counts = new Map<string, number>();
    const [s0, s1, s2, s3, s4] = m.strips as [string[], string[], string[], string[], string[]];
    const line = ['', '', '', '', ''];
    for (const a of s0) {
      line[0] = a;
      for (const b of s1) {
        line[1] = b;
        for (const c of s2) {
          line[2] = c;
          for (const d of s3) {
            line[3] = d;
            for (const e of s4) {
              line[4] = e;
              const hit = lineHit(m, line);
              if (hit) counts.set(`${hit.symbol}:${hit.count}`, (counts.get(`${hit.symbol}:${hit.count}`) ?? 0) + 1);
            }
          }
        }
      }
    }
    const analytic = new Map(lineHitWeights(m).map((h) => [`${h.symbol}:${h.count}`, Number(h.weight)]));
    expect(analytic).toEqual(counts);
    expect(stopCombinations(m)).toBe(32n ** 5n);
  }, 60_000);

  it('scaled paytables return the asked RTP to within 0.01 point (never above), pay more for longer runs, and keep the top prize under the cap', () => {
    const targets = [9500, 9650, 9950, ...Array.from({ length: 45 }, (_, i) => 9505 + i * 10)];
    for (const rtp of targets) {
      const engine = createEngine('slots', rtp);
      expect(engine.rtpPpm, String(rtp)).toBeLessThanOrEqual(rtp * 100);
      expect(engine.rtpPpm, String(rtp)).toBeGreaterThan(rtp * 100 - 100);
      const { paytable } = engine.describe() as { paytable: Record<string, Record<string, number>> };
      for (const pays of Object.values(paytable)) {
        expect(pays['3']!).toBeLessThan(pays['4']!);
        expect(pays['4']!).toBeLessThan(pays['5']!);
      }
      const top = Math.max(...Object.values(paytable).flatMap((p) => Object.values(p)));
      expect(top * SANDBOX_SLOT_MACHINE.paylines.length).toBeLessThan(engine.maxMultiplier);
    }
  });

  it("the base paytable's exact RTP is about 96 %, so scaling to 95–99.5 % changes pays by a few percent", () => {
    const base = rtpPpmOf(SANDBOX_SLOT_MACHINE);
    expect(base).toBeGreaterThan(950_000);
    expect(base).toBeLessThan(975_000);
  });
});
