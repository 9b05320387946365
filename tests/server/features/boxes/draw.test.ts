import { describe, expect, it } from 'vitest';
import { PPM_TOTAL } from '../../../../src/contract/boxes.ts';
import { drawBox, drawRanges, rangeOfTicket, ticketOfUint32 } from '../../../../server/features/boxes/draw.ts';
import { DEMO_BOXES } from '../../../../server/features/boxes/demo.ts';
import { roundFloats } from '../../../../server/features/house/fairness/floats.ts';
import { newServerSeed } from '../../../../server/features/house/fairness/seed.ts';

/*
 * The boxes' pure draw (issue 19): the house games' HMAC float → a ticket
 * of 0 … 999 999 → the prize whose ppm range holds it. 1 000 000 draws land
 * within 5 standard errors of every published probability.
 */

describe('box draw', () => {
  it('maps the uint32 range onto tickets 0 … 999 999 exactly', () => {
    expect(ticketOfUint32(0)).toBe(0);
    expect(ticketOfUint32(2 ** 32 - 1)).toBe(999_999);
    // The first uint32 of ticket 1: ⌈2³² / 10⁶⌉.
    expect(ticketOfUint32(Math.ceil(2 ** 32 / 1e6) - 1)).toBe(0);
    expect(ticketOfUint32(Math.ceil(2 ** 32 / 1e6))).toBe(1);
  });

  it('builds contiguous ranges and refuses a table not summing to 1 000 000 ppm', () => {
    const ranges = drawRanges([
      { id: 7, probabilityPpm: 250_000 },
      { id: 8, probabilityPpm: 750_000 },
    ]);
    expect(ranges).toEqual([
      { prize_id: 7, probability_ppm: 250_000, from: 0, to: 250_000 },
      { prize_id: 8, probability_ppm: 750_000, from: 250_000, to: 1_000_000 },
    ]);
    expect(rangeOfTicket(ranges, 249_999).prize_id).toBe(7);
    expect(rangeOfTicket(ranges, 250_000).prize_id).toBe(8);
    expect(() => drawRanges([{ id: 1, probabilityPpm: 999_999 }])).toThrow();
  });

  it('draws from the same float as the house games (first float of HMAC(server seed, client:nonce))', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'meu-seed', nonce: 3 };
    const ranges = drawRanges([{ id: 1, probabilityPpm: PPM_TOTAL }]);
    const draw = drawBox(seeds, ranges);
    expect(draw.float).toBe(roundFloats(seeds, 1)[0]);
    expect(draw.ticket).toBe(Math.floor(draw.float * PPM_TOTAL));
  });

  it('1 000 000 opens fall within 5 standard errors of each published probability (the Ouro demo box: 1 % … 35 %)', () => {
    const N = 1_000_000;
    const box = DEMO_BOXES[2]!; // Ouro: the widest spread (1 % … 35 %)
    const ranges = drawRanges(box.prizes.map((p, i) => ({ id: i + 1, probabilityPpm: p.probability_ppm })));
    const counts = new Map<number, number>();
    // As real opens draw (player.ts openBox): every box its own new server seed (grant.ts), nonce 0, the
    // opening player's client seed (here 1,000 players, one of them keeping the default seed).
    const clientSeeds = Array.from({ length: 1_000 }, (_, i) => (i === 0 ? 'default' : `player-${i}-${newServerSeed().slice(0, 8)}`));
    for (let open = 0; open < N; open++) {
      const { range } = drawBox({ serverSeed: newServerSeed(), clientSeed: clientSeeds[open % clientSeeds.length]!, nonce: 0 }, ranges);
      counts.set(range.prize_id, (counts.get(range.prize_id) ?? 0) + 1);
    }
    for (const r of ranges) {
      const p = r.probability_ppm / PPM_TOTAL;
      const se = Math.sqrt((p * (1 - p)) / N);
      const observed = (counts.get(r.prize_id) ?? 0) / N;
      expect(Math.abs(observed - p), `prize ${r.prize_id}: observed ${observed}, published ${p}`).toBeLessThan(5 * se);
    }
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(N);
  }, 180_000);

  it('every demo box publishes ppm summing to exactly 1 000 000', () => {
    for (const box of DEMO_BOXES) expect(box.prizes.reduce((s, p) => s + p.probability_ppm, 0)).toBe(PPM_TOTAL);
  });
});
