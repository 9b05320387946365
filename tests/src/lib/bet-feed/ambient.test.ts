import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AMBIENT_BET } from '../../../../src/contract/bet-feed.ts';
import { ambientBet, startAmbientBets } from '../../../../src/lib/bet-feed/ambient.ts';
import { $betFeed, pushBet, resetBetFeed } from '../../../../src/stores/bet-feed.ts';

const games = [
  { title: 'Dice', gamecode: 'dice', providercode: 'house' },
  { title: 'Limbo', gamecode: 'limbo', providercode: 'house' },
];

/** A seeded generator, so the shares are measured on a fixed sequence. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('ambient bet generator', () => {
  beforeEach(resetBetFeed);
  afterEach(() => vi.useRealTimers());

  it('stakes 0.40–150 reais in about 60 % of entries and 500–50,000 otherwise', () => {
    const random = seeded(7);
    let small = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const entry = ambientBet(games, random);
      const [sLow, sHigh] = AMBIENT_BET.smallCentavos;
      const [lLow, lHigh] = AMBIENT_BET.largeCentavos;
      const isSmall = entry.bet >= sLow && entry.bet <= sHigh;
      expect(isSmall || (entry.bet >= lLow && entry.bet <= lHigh)).toBe(true);
      if (isSmall) small++;
      expect(entry.ambient).toBe(true);
      expect(entry.win).toBe(Math.round(entry.bet * entry.multiplier));
      expect(games.map((g) => g.gamecode)).toContain(entry.game.gamecode);
    }
    expect(small / n).toBeGreaterThan(0.58);
    expect(small / n).toBeLessThan(0.62);
  });

  it('adds an entry every 1.5 s until stopped, and nothing without games', () => {
    vi.useFakeTimers();
    const stop = startAmbientBets(games, pushBet);
    vi.advanceTimersByTime(AMBIENT_BET.intervalMs * 3);
    expect($betFeed.get()).toHaveLength(3);
    stop();
    vi.advanceTimersByTime(AMBIENT_BET.intervalMs * 3);
    expect($betFeed.get()).toHaveLength(3);
    const none = startAmbientBets([], pushBet);
    vi.advanceTimersByTime(AMBIENT_BET.intervalMs * 3);
    expect($betFeed.get()).toHaveLength(3);
    none();
  });
});
