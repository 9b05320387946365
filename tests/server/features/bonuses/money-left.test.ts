import { describe, expect, it } from 'vitest';
import { bonusMoneyLeft } from '../../../../server/features/bonuses/money-left.ts';

/** What is left of each running bonus: the non-withdrawable part handed out newest first, each up to amount + winnings. */
describe('bonusMoneyLeft', () => {
  const old = { id: 1, amount: 1000, winnings: 0, createdAt: new Date('2026-11-01T00:00:00Z') };
  const recent = { id: 2, amount: 500, winnings: 0, createdAt: new Date('2026-11-10T00:00:00Z') };

  it('fills the newest bonus first: the oldest is the one spent first', () => {
    expect(bonusMoneyLeft([old, recent], 700n)).toEqual(new Map([[2, 500n], [1, 200n]]));
    expect(bonusMoneyLeft([old, recent], 0n)).toEqual(new Map([[2, 0n], [1, 0n]]));
  });

  it('counts a bonus’s winnings as its money, and leaves what is beyond every bonus to none', () => {
    const won = { ...old, winnings: 2000 };
    expect(bonusMoneyLeft([won, recent], 3000n)).toEqual(new Map([[2, 500n], [1, 2500n]]));
    // 4,000 held, 3,500 of it the bonuses' (1,000 + 2,000 won + 500): 500 belongs to no bonus (e.g. cashback's non-converted part).
    expect(bonusMoneyLeft([won, recent], 4000n)).toEqual(new Map([[2, 500n], [1, 3000n]]));
  });
});
