import { describe, expect, it } from 'vitest';
import { cryptoRng, seededRng, uniformInt } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/rng.ts';
import type { Rng } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/types.ts';

/** Chi-square statistic of `draws` values of uniformInt(rng, cells) against the uniform law. */
function chiSquare(rng: Rng, cells: number, draws: number): number {
  const counts = new Array<number>(cells).fill(0);
  for (let i = 0; i < draws; i++) {
    const k = uniformInt(rng, cells);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  const expected = draws / cells;
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
}

describe('rng', () => {
  it('the seeded stream repeats for a seed and differs between seeds', () => {
    const a = seededRng(7);
    const b = seededRng(7);
    const c = seededRng(8);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
  });

  it('both sources give floats in [0, 1) with more than 32 bits', () => {
    for (const rng of [cryptoRng(), seededRng(1)]) {
      let fine = 0;
      for (let i = 0; i < 10_000; i++) {
        const x = rng.next();
        expect(x >= 0 && x < 1).toBe(true);
        if (!Number.isInteger(x * 2 ** 32)) fine++;
      }
      // A float of only 32 bits would always be a whole number of 2⁻³².
      expect(fine).toBeGreaterThan(9_900);
    }
  });

  it('the pockets of a wheel come out uniformly from both sources (chi-square, 36 degrees of freedom)', () => {
    // P(χ²₃₆ > 90) ≈ 2·10⁻⁶: a real bias fails, chance almost never does.
    expect(chiSquare(cryptoRng(), 37, 370_000)).toBeLessThan(90);
    expect(chiSquare(seededRng(99), 37, 370_000)).toBeLessThan(90);
  });
});
