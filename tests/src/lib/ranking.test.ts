import { describe, expect, it } from 'vitest';
import { levelFor, rankImage, rankProgress } from '../../../src/lib/ranking.ts';

/* The rank maths the platform and the site share (src/lib/ranking.ts), at its edges. */

const TABLE = [
  { level: 1, totalBet: 0, image: '/r/1.svg' },
  { level: 2, totalBet: 10_000, image: null },
  { level: 3, totalBet: 50_000, image: '/r/3.svg' },
];

describe('levelFor', () => {
  it('is the highest level reached: exactly at a threshold reaches it, one centavo below does not', () => {
    expect(levelFor(TABLE, 0)).toBe(1);
    expect(levelFor(TABLE, 9_999)).toBe(1);
    expect(levelFor(TABLE, 10_000)).toBe(2);
    expect(levelFor(TABLE, 49_999)).toBe(2);
    expect(levelFor(TABLE, 50_000)).toBe(3);
    expect(levelFor(TABLE, 10 ** 12)).toBe(3);
  });

  it('is 1 for an empty table, and ignores the order it is given in', () => {
    expect(levelFor([], 123_456)).toBe(1);
    expect(levelFor([...TABLE].reverse(), 10_000)).toBe(2);
  });
});

describe('rankProgress', () => {
  it('starts at 0 % with the whole first step to go', () => {
    expect(rankProgress(TABLE, 0)).toEqual({ level: 1, totalBet: 0, progress: 0, toNext: 10_000, nextLevel: 2 });
  });

  it('one centavo below a threshold: 100 % rounded, 1 centavo to go, still the lower rank', () => {
    expect(rankProgress(TABLE, 9_999)).toEqual({ level: 1, totalBet: 9_999, progress: 100, toNext: 1, nextLevel: 2 });
    expect(rankProgress(TABLE, 9_949)).toMatchObject({ progress: 99, toNext: 51 });
  });

  it('exactly at a threshold: the new rank at 0 %', () => {
    expect(rankProgress(TABLE, 10_000)).toEqual({ level: 2, totalBet: 10_000, progress: 0, toNext: 40_000, nextLevel: 3 });
  });

  it('rounds the share between two thresholds', () => {
    expect(rankProgress(TABLE, 30_000)).toMatchObject({ level: 2, progress: 50, toNext: 20_000 });
    expect(rankProgress(TABLE, 10_201)).toMatchObject({ progress: 1 });
    expect(rankProgress(TABLE, 10_199)).toMatchObject({ progress: 0 });
  });

  it('at and above the top rank: 100 %, nothing to go', () => {
    expect(rankProgress(TABLE, 50_000)).toEqual({ level: 3, totalBet: 50_000, progress: 100, toNext: 0, nextLevel: null });
    expect(rankProgress(TABLE, 9_000_000)).toEqual({ level: 3, totalBet: 9_000_000, progress: 100, toNext: 0, nextLevel: null });
  });

  it('an empty table: level 1, 100 %', () => {
    expect(rankProgress([], 0)).toEqual({ level: 1, totalBet: 0, progress: 100, toNext: 0, nextLevel: null });
    expect(rankProgress([], 5_000, 4)).toEqual({ level: 1, totalBet: 5_000, progress: 100, toNext: 0, nextLevel: null });
  });

  it('keeps a rank held after a refund lowered the total (progress clamped to 0), but never above the table', () => {
    expect(rankProgress(TABLE, 2_000, 2)).toEqual({ level: 2, totalBet: 2_000, progress: 0, toNext: 48_000, nextLevel: 3 });
    expect(rankProgress(TABLE, 0, 9)).toMatchObject({ level: 3, progress: 100, toNext: 0 });
  });
});

describe('rankImage', () => {
  it('is the level’s image, else level 1’s, else null', () => {
    expect(rankImage(TABLE, 3)).toBe('/r/3.svg');
    expect(rankImage(TABLE, 2)).toBe('/r/1.svg');
    expect(rankImage(TABLE, 99)).toBe('/r/1.svg');
    expect(rankImage([], 1)).toBeNull();
  });
});
