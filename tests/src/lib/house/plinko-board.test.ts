import { describe, expect, it } from 'vitest';
import { PLINKO_GAP, plinkoBallStops, plinkoBoard, plinkoPegCount, plinkoSlotTier } from '../../../../src/lib/house/plinko-board.ts';

/** The board geometry places the server's path; it decides nothing. */
describe('plinko board geometry', () => {
  it('has rows + 3 … pegs per row, rows + 1 slots, and the counted pegs for 8, 12 and 16 rows', () => {
    for (const rows of [8, 12, 16]) {
      const board = plinkoBoard(rows);
      expect(board.pegs).toHaveLength(plinkoPegCount(rows));
      expect(board.slots).toHaveLength(rows + 1);
      // Every peg and slot lies inside the viewBox.
      const [minX, minY, width, height] = board.viewBox.split(' ').map(Number) as [number, number, number, number];
      for (const p of [...board.pegs, ...board.slots]) {
        expect(p.x).toBeGreaterThan(minX);
        expect(p.x).toBeLessThan(minX + width);
        expect(p.y).toBeGreaterThan(minY);
        expect(p.y).toBeLessThan(minY + height);
      }
    }
    expect([8, 12, 16].map(plinkoPegCount)).toEqual([52, 102, 168]);
  });

  it('each slot lies between two neighbouring pegs of the last row', () => {
    const rows = 12;
    const board = plinkoBoard(rows);
    const last = board.pegs.slice(-(rows + 2)).map((p) => p.x);
    board.slots.forEach((slot, i) => expect(slot.x).toBeCloseTo((last[i]! + last[i + 1]!) / 2));
  });

  it('puts the ball on a peg of each row, one half gap left or right per move, and comes to rest on the slot = number of rights', () => {
    const path = ['R', 'L', 'L', 'L', 'L', 'L', 'R', 'R', 'L', 'R', 'L', 'R'] as const;
    const board = plinkoBoard(path.length);
    const stops = plinkoBallStops(path);
    expect(stops).toHaveLength(path.length + 2);
    const pegXs = (row: number) => board.pegs.filter((p) => p.y === board.pegs[0]!.y + row * (board.pegs[3]!.y - board.pegs[0]!.y)).map((p) => p.x);
    for (let row = 0; row < path.length; row++) {
      expect(pegXs(row).some((x) => Math.abs(x - stops[row + 1]!.x) < 1e-9)).toBe(true);
      if (row > 0) expect(stops[row + 1]!.x - stops[row]!.x).toBeCloseTo(path[row - 1] === 'R' ? PLINKO_GAP / 2 : -PLINKO_GAP / 2);
    }
    expect(stops.at(-1)!.x).toBe(board.slots[5]!.x);
    expect(stops.at(-1)!.y).toBeLessThan(board.slots[5]!.y);
    expect(stops.at(-1)!.y).toBeGreaterThan(stops.at(-2)!.y);
    expect(plinkoBallStops(Array(8).fill('L')).at(-1)!.x).toBe(plinkoBoard(8).slots[0]!.x);
    expect(plinkoBallStops(Array(16).fill('R')).at(-1)!.x).toBe(plinkoBoard(16).slots[16]!.x);
  });

  it('colours slots by payout band', () => {
    expect([2000, 9999, 10_000, 19_999, 20_000, 99_999, 100_000, 10_000_000].map(plinkoSlotTier)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
