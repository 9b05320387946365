import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatMultiplier, formatPayout, formatPercentBps, parseHundredths, sameOutcome } from '../../../src/lib/house/format.ts';
import { readPlayQuery, readRoundQuery } from '../../../src/lib/house/query.ts';
import { sha256Hex } from '../../../src/lib/house/sha256.ts';
import { diceMultiplier, diceWinChance, limboWinChance } from '../../../src/lib/house/terms.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('house lib', () => {
  it('states the dice terms the platform pays: 49.99 % under 50.00 pays 1.9803×', () => {
    expect(diceWinChance({ target: 5000, direction: 'under' })).toBe(5000);
    expect(diceWinChance({ target: 5000, direction: 'over' })).toBe(4999);
    expect(diceMultiplier({ target: 5000, direction: 'under' })).toBe(19_800);
    expect(diceMultiplier({ target: 5000, direction: 'over' })).toBe(19_803);
    expect(limboWinChance({ target: 20_000 })).toBe(4950);
  });

  it('formats multipliers and percentages per locale and parses typed targets', () => {
    expect(formatMultiplier(19_803, 'pt')).toBe('1,9803×');
    expect(formatMultiplier(20_000, 'en')).toBe('2.00×');
    expect(formatPayout(56_000, 'pt')).toBe('5,6×');
    expect(formatPayout(56_000, 'en')).toBe('5.6×');
    expect(formatPayout(2_000, 'pt')).toBe('0,2×');
    expect(formatPayout(81_000, 'en')).toBe('8.1×');
    expect(formatPayout(10_000_000, 'pt')).toBe('1.000×');
    expect(formatPayout(10_000_000, 'en')).toBe('1,000×');
    expect(formatPercentBps(9900, 'pt')).toBe('99,00 %');
    expect(formatPercentBps(9900, 'en')).toBe('99.00%');
    expect(parseHundredths('2,5')).toBe(250);
    expect(parseHundredths('50.00')).toBe(5000);
    expect(parseHundredths('1,234')).toBeNull();
    expect(parseHundredths('abc')).toBeNull();
  });

  it('compares outcomes field by field', () => {
    expect(sameOutcome({ game: 'plinko', path: ['L', 'R'], slot: 1 }, { slot: 1, path: ['L', 'R'], game: 'plinko' })).toBe(true);
    expect(sameOutcome({ game: 'dice', roll: 1 }, { game: 'limbo', result: 1 })).toBe(false);
  });

  it('reads the play and verify queries, falling back to Dice in demo', () => {
    expect(readPlayQuery('?game=limbo&mode=real')).toEqual({ game: 'limbo', mode: 'real' });
    expect(readPlayQuery('?game=mines&mode=x')).toEqual({ game: 'dice', mode: 'demo' });
    expect(readRoundQuery('?round=42')).toBe(42);
    expect(readRoundQuery('?round=0')).toBeNull();
  });

  it('hashes with WebCrypto exactly like SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('holds no outcome logic: no HMAC and no float-from-bytes anywhere in the site code of the house games', () => {
    const files = [
      ...readdirSync(join(ROOT, 'src/lib/house')).map((f) => join('src/lib/house', f)),
      ...readdirSync(join(ROOT, 'src/islands/house')).map((f) => join('src/islands/house', f)),
      ...readdirSync(join(ROOT, 'src/stores')).filter((f) => f.startsWith('house')).map((f) => join('src/stores', f)),
    ];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/HMAC|importKey|\bsign\(|getUint32|2 \*\* 32|4294967296/);
    }
  });
});
