import { describe, expect, it } from 'vitest';
import { boxPath, formatProbability, inkOn, spineHex } from '../../../src/lib/boxes.ts';

const PALETTE = { red: '#E5484D', blue: '#3E63DD', pink: '#D6409F', black: '#1C1C1F', green: '#30A46C', yellow: '#F5D90A' };

describe('boxes display helpers', () => {
  it('shows a published probability (ppm) as a percentage exact to the ppm, in the page language', () => {
    expect(formatProbability(125_000, 'pt')).toBe('12,5%');
    expect(formatProbability(125_000, 'en')).toBe('12.5%');
    expect(formatProbability(1, 'pt')).toBe('0,0001%');
    expect(formatProbability(333_334, 'en')).toBe('33.3334%');
    expect(formatProbability(1_000_000, 'pt')).toBe('100%');
  });

  it('paths and colours: the box page, the spine colour by key (red for an unknown one), readable ink', () => {
    expect(boxPath('caixa-ouro')).toBe('/casino/box/caixa-ouro');
    expect(spineHex(PALETTE, 'green')).toBe('#30A46C');
    expect(spineHex(PALETTE, 'purple')).toBe('#E5484D');
    expect(inkOn(PALETTE.yellow)).toBe('#000000');
    expect(inkOn(PALETTE.black)).toBe('#ffffff');
  });
});

describe('the box draw recomputed in the browser', () => {
  it("gives the platform's own draw (server/features/boxes/draw.ts) for the same seeds and table", async () => {
    const { drawBox } = await import('../../../server/features/boxes/draw.ts');
    const { recomputeBoxDraw } = await import('../../../src/lib/boxes.ts');
    const ranges = [
      { prize_id: 7, probability_ppm: 400_000, from: 0, to: 400_000 },
      { prize_id: 8, probability_ppm: 350_000, from: 400_000, to: 750_000 },
      { prize_id: 9, probability_ppm: 250_000, from: 750_000, to: 1_000_000 },
    ];
    for (const nonce of [0, 1, 2, 3, 4, 5]) {
      const platform = drawBox({ serverSeed: 'semente-do-servidor', clientSeed: 'cliente', nonce }, ranges);
      expect(await recomputeBoxDraw({ server_seed: 'semente-do-servidor', client_seed: 'cliente', nonce }, ranges)).toEqual({ ticket: platform.ticket, prize_id: platform.range.prize_id });
    }
  });
});
