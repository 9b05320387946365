import { describe, expect, it } from 'vitest';
import { createEngine, engineKindOf, sandboxRtpBps, seededRng } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/index.ts';
import type { EngineKind } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/index.ts';

/** What each engine accepts from the page, which family plays which game, and the bounds every payout keeps. */

describe('roulette parseParams', () => {
  const roulette = createEngine('roulette', 9730);

  it('accepts every bet type with its value and amounts summing to the stake', () => {
    const bets = [
      { type: 'straight', value: 0, amount: 100 },
      { type: 'straight', value: 36, amount: 1 },
      { type: 'red', amount: 50 },
      { type: 'black', amount: 50 },
      { type: 'even', amount: 10 },
      { type: 'odd', amount: 10 },
      { type: 'low', amount: 10 },
      { type: 'high', amount: 10 },
      { type: 'dozen', value: 3, amount: 20 },
      { type: 'column', value: 1, amount: 20 },
    ];
    expect(roulette.parseParams({ bets }, 281)).toEqual({ bets });
  });

  it.each([
    ['amounts that do not sum to the stake', { bets: [{ type: 'red', amount: 50 }] }, 100],
    ['no bets', { bets: [] }, 100],
    ['more than 20 bets', { bets: Array.from({ length: 21 }, () => ({ type: 'red', amount: 1 })) }, 21],
    ['an unknown bet type', { bets: [{ type: 'corner', value: 1, amount: 100 }] }, 100],
    ['a straight on 37', { bets: [{ type: 'straight', value: 37, amount: 100 }] }, 100],
    ['a straight with no number', { bets: [{ type: 'straight', amount: 100 }] }, 100],
    ['a dozen 0', { bets: [{ type: 'dozen', value: 0, amount: 100 }] }, 100],
    ['a column 4', { bets: [{ type: 'column', value: 4, amount: 100 }] }, 100],
    ['a value on an even-money bet', { bets: [{ type: 'red', value: 1, amount: 100 }] }, 100],
    ['a fractional amount', { bets: [{ type: 'red', amount: 99.5 }, { type: 'black', amount: 0.5 }] }, 100],
    ['a zero amount', { bets: [{ type: 'red', amount: 100 }, { type: 'black', amount: 0 }] }, 100],
    ['a negative amount', { bets: [{ type: 'red', amount: 200 }, { type: 'black', amount: -100 }] }, 100],
    ['an amount as a string', { bets: [{ type: 'red', amount: '100' }] }, 100],
    ['bets that are not a list', { bets: { type: 'red', amount: 100 } }, 100],
    ['no object', null, 100],
  ])('refuses %s', (_label, input, stake) => {
    expect(roulette.parseParams(input, stake)).toBeNull();
  });
});

describe('crash parseParams', () => {
  const crash = createEngine('crash', 9700);
  it('accepts targets from 1.01× to 1000.00× in hundredths', () => {
    for (const cashout of [101, 250, 100_000]) expect(crash.parseParams({ cashout }, 100)).toEqual({ cashout });
  });
  it.each([[100], [100_001], [150.5], ['200'], [null]])('refuses the target %s', (cashout) => {
    expect(crash.parseParams({ cashout }, 100)).toBeNull();
  });
  it('refuses a stake that is not whole centavos', () => {
    expect(crash.parseParams({ cashout: 200 }, 0)).toBeNull();
    expect(crash.parseParams({ cashout: 200 }, 1.5)).toBeNull();
  });
});

describe('table and slots parseParams', () => {
  it('the table takes home, away or tie and nothing else', () => {
    const table = createEngine('table', 9930);
    for (const side of ['home', 'away', 'tie']) expect(table.parseParams({ side }, 100)).toEqual({ side });
    for (const side of ['banker', '', undefined]) expect(table.parseParams({ side }, 100)).toBeNull();
  });
  it('slots take an empty object', () => {
    const slots = createEngine('slots', 9650);
    expect(slots.parseParams({}, 100)).toEqual({});
    expect(slots.parseParams({ lines: 5 }, 100)).toBeNull();
    expect(slots.parseParams(null, 100)).toBeNull();
    expect(slots.parseParams({}, -1)).toBeNull();
  });
});

describe('engineKindOf', () => {
  it('maps the demo catalogue families', () => {
    expect(engineKindOf({ type: 'slot', gamecode: 'tigre-dourado', title: 'Tigre Dourado' })).toBe('slots');
    expect(engineKindOf({ type: 'crash', gamecode: 'foguete', title: 'Foguete' })).toBe('crash');
    expect(engineKindOf({ type: 'live', gamecode: 'roleta-ao-vivo', title: 'Roleta ao Vivo' })).toBe('roulette');
    expect(engineKindOf({ type: 'table', gamecode: 'eu-wheel', title: 'European Roulette' })).toBe('roulette');
    expect(engineKindOf({ type: 'instant', gamecode: 'x1', title: 'ROLETA TURBO' })).toBe('roulette');
    expect(engineKindOf({ type: 'live', gamecode: 'blackjack-vip', title: 'Blackjack VIP' })).toBe('table');
    expect(engineKindOf({ type: 'table', gamecode: 'sic-bo', title: 'Sic Bo' })).toBe('table');
    expect(engineKindOf({ type: 'instant', gamecode: 'raspadinha', title: 'Raspadinha' })).toBe('table');
  });
});

describe('createEngine', () => {
  it('brings a catalogue RTP outside 95–99.5 % to the nearest bound and reports what the engine returns', () => {
    expect(sandboxRtpBps(9000)).toBe(9500);
    expect(sandboxRtpBps(9990)).toBe(9950);
    expect(sandboxRtpBps(9654.6)).toBe(9655);
    expect(sandboxRtpBps(Number.NaN)).toBe(9600);
    expect(createEngine('crash', 9000).rtpPpm).toBe(950_000);
    expect(createEngine('roulette', 9000).rtpPpm).toBe(972_973);
    expect(createEngine('table', 9930).rtpPpm).toBe(993_000);
  });

  it('every engine pays whole centavos, never negative, never above maxMultiplier × stake', () => {
    const rng = seededRng(42);
    const params: Record<EngineKind, unknown[]> = {
      slots: [{}],
      roulette: [{ bets: [{ type: 'straight', value: 7, amount: 1 }] }, { bets: [{ type: 'red', amount: 1 }, { type: 'dozen', value: 1, amount: 1 }] }],
      crash: [{ cashout: 101 }, { cashout: 333 }, { cashout: 100_000 }],
      table: [{ side: 'home' }, { side: 'tie' }],
    };
    for (const kind of ['slots', 'roulette', 'crash', 'table'] as const) {
      const engine = createEngine(kind, 9950);
      let best = 0;
      for (let i = 0; i < 20_000; i++) {
        const raw = params[kind][i % params[kind].length] as { bets?: { amount: number }[] };
        const unit = 1 + (i % 997);
        // Roulette stakes are the sum of their bets: scale each bet by the same unit.
        const input = raw.bets ? { bets: raw.bets.map((b) => ({ ...b, amount: b.amount * unit })) } : raw;
        const stake = raw.bets ? raw.bets.length * unit : unit;
        const parsed = engine.parseParams(input, stake);
        expect(parsed, kind).not.toBeNull();
        const { payout, outcome } = engine.play(stake, parsed, rng);
        expect(Number.isSafeInteger(payout) && payout >= 0 && payout <= engine.maxMultiplier * stake, `${kind} ${payout}/${stake}`).toBe(true);
        expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
        best = Math.max(best, payout / stake);
      }
      expect(best, kind).toBeGreaterThan(1);
      expect(JSON.parse(JSON.stringify(engine.describe()))).toEqual(engine.describe());
    }
  });
});
