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
