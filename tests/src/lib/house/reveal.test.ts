import { describe, expect, it } from 'vitest';
import { diceShown, limboRevealMs, limboShown, plinkoRevealMs, plinkoStop } from '../../../../src/lib/house/reveal.ts';

/** Animation steps: from the start to exactly the server's outcome, never past it. */
describe('reveal steps', () => {
  it('Plinko visits every stop in order, from the drop (0) to the slot (rows + 1)', () => {
    const rows = 12;
    const seen = Array.from({ length: 1001 }, (_, i) => plinkoStop(rows, i / 1000));
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(rows + 1);
    expect(new Set(seen).size).toBe(rows + 2);
    seen.slice(1).forEach((stop, i) => expect(stop - seen[i]!).toBeGreaterThanOrEqual(0));
    expect(plinkoRevealMs(16)).toBeGreaterThan(plinkoRevealMs(8));
  });

  it('Dice rolls from 0 up to the roll, ending exactly on it', () => {
    const shown = Array.from({ length: 101 }, (_, i) => diceShown(7777, i / 100));
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(7777);
    shown.slice(1).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(shown[i]!));
    expect(Math.max(...shown)).toBe(7777);
  });

  it('Limbo counts up from 1,00× in whole hundredths and stops exactly on the result', () => {
    for (const result of [10_000, 19_900, 1_000_000, 42_949_672_9500]) {
      const shown = Array.from({ length: 101 }, (_, i) => limboShown(result, i / 100));
      expect(shown[0]).toBe(10_000);
      expect(shown.at(-1)).toBe(result);
      for (const v of shown) {
        expect(v % 100).toBe(0);
        expect(v).toBeLessThanOrEqual(result);
      }
      shown.slice(1).forEach((v, i) => expect(v).toBeGreaterThanOrEqual(shown[i]!));
    }
    expect(limboRevealMs(10_000)).toBe(400);
    expect(limboRevealMs(4_294_967_290_000)).toBe(2200);
  });
});
