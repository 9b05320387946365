import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, playerBonuses, tenants, wallets } from '../../../../server/db/schema.ts';
import { grantBonus } from '../../../../server/features/bonuses/grant.ts';
import { forgetCachedTenants } from '../../../../server/features/tenants/tenant-cache.ts';
import { makeClaims, settleTransaction, type SportsHarness, sportsHarness } from './harness.ts';

/*
 * Sports bets paid with bonus money (docs/rewards.md "Wins of bonus money") through the provider's signed
 * callbacks: the win's bonus share stays the bonus's, a bet settled after the bonus completed is withdrawable,
 * a void gives the stake back in the shares it was paid with, duplicate wins at once credit once.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let h: SportsHarness;
beforeAll(async () => {
  h = await sportsHarness();
  const [row] = await h.db.select().from(tenants).where(eq(tenants.id, h.tenantId));
  await h.db.update(tenants).set({ config: { ...row!.config, is_regulated: false } }).where(eq(tenants.id, h.tenantId));
  forgetCachedTenants();
}, 60_000);
afterAll(() => h?.close());
afterEach(() => h.ledgerMatches());

const grant = (userId: number, ref: string, amount: number, rolloverMultiplier: number) =>
  grantBonus(h.db, { tenantId: h.tenantId, userId, source: 'coupon', sourceRef: ref, amount, rolloverMultiplier, expiresAt: null }).then((r) => r.bonus);
const bonusRow = async (id: number) => (await h.db.select().from(playerBonuses).where(eq(playerBonuses.id, id)))[0]!;
const money = async (userId: number) => {
  const [w] = await h.db.select().from(wallets).where(eq(wallets.userId, userId));
  return { balance: Number(w!.balance), withdrawable: Number(w!.balanceWithdrawal) };
};
const rows = (userId: number, type: 'sports_win' | 'sports_refund') =>
  h.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, type)));

async function made(userId: number, amount: number) {
  const claims = makeClaims(userId, { amount });
  const reply = await h.call('bet/make', claims);
  expect(reply.status).toBe(200);
  return { id: reply.body.id as string, betslip: claims.betslip.id };
}
const win = (userId: number, bet: { id: string; betslip: string }, amount: number) => ({
  amount,
  currency: 'BRL',
  bet_transaction_id: bet.id,
  transaction: settleTransaction(userId, bet.betslip, 'win', amount),
});

describe('sports bets paid with bonus money', () => {
  it('a won bet keeps the bonus share as bonus money (duplicates at once credit once); one settled after the completion is withdrawable', async () => {
    const { userId } = await h.player(1000);
    const bonus = await grant(userId, 'sports', 1000, 2);
    // 1,500 staked: the bonus's 1,000, then 500 of cash.
    const first = await made(userId, 1500);
    expect(await money(userId)).toEqual({ balance: 500, withdrawable: 500 });
    const body = win(userId, first, 3000);
    const replies = await Promise.all(Array.from({ length: 6 }, () => h.call('bet/win', body)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const [credit, ...more] = await rows(userId, 'sports_win');
    expect(more).toHaveLength(0);
    // 3,000 × 1,000 / 1,500 = 2,000 stays the bonus's; 1,000 is withdrawable.
    expect(credit).toMatchObject({ amount: 3000n, withdrawableDelta: 1000n, metadata: expect.objectContaining({ bonus_shares: [{ bonus_id: bonus.id, amount: 2000, fate: 'kept' }] }) });
    expect(await bonusRow(bonus.id)).toMatchObject({ status: 'active', winnings: 2000, rolloverDone: 1500 });
    expect(await money(userId)).toEqual({ balance: 3500, withdrawable: 1500 });

    // 500 more from the bonus's money completes the rollover (2,000): the 1,500 left of it (its winnings) is released…
    const second = await made(userId, 500);
    expect(await bonusRow(bonus.id)).toMatchObject({ status: 'completed', winnings: 2000 });
    expect(await money(userId)).toEqual({ balance: 3000, withdrawable: 3000 });
    // …and the bet settled afterwards wins withdrawable money: the bonus it was paid with has completed.
    expect((await h.call('bet/win', win(userId, second, 1200))).status).toBe(200);
    const late = (await rows(userId, 'sports_win')).find((r) => r.amount === 1200n);
    expect(late).toMatchObject({ withdrawableDelta: 1200n, metadata: expect.objectContaining({ bonus_shares: [{ bonus_id: bonus.id, amount: 1200, fate: 'released' }] }) });
    expect(await money(userId)).toEqual({ balance: 4200, withdrawable: 4200 });
  });

  it('a void gives the stake back in the shares it was paid with, a rolled-back win takes the bonus’s winnings back', async () => {
    const { userId } = await h.player(1000);
    const bonus = await grant(userId, 'void', 800, 20);
    const voided = await made(userId, 1000);
    expect(await money(userId)).toEqual({ balance: 800, withdrawable: 800 });
    const refund = await h.call('bet/refund', { bet_transaction_id: voided.id, reason: 'cancelled', transaction: settleTransaction(userId, voided.betslip, 'refund', 1000) });
    expect(refund.status).toBe(200);
    const [back] = await rows(userId, 'sports_refund');
    expect(back).toMatchObject({ amount: 1000n, withdrawableDelta: 200n });
    expect(await money(userId)).toEqual({ balance: 1800, withdrawable: 1000 });

    // 900 staked: the bonus's 800, then 100 of cash. 1,801 won: ⌊1801 × 800 / 900⌋ = 1,600 the bonus's, 201 cash (rounding: the player's).
    const won = await made(userId, 900);
    const credited = await h.call('bet/win', win(userId, won, 1801));
    expect((await rows(userId, 'sports_win'))[0]).toMatchObject({ amount: 1801n, withdrawableDelta: 201n });
    expect(await bonusRow(bonus.id)).toMatchObject({ winnings: 1600 });
    expect(await money(userId)).toEqual({ balance: 2701, withdrawable: 1101 });
    const undone = await h.call('bet/rollback', { bet_transaction_id: won.id, parent_transaction_id: credited.body.id, transaction: settleTransaction(userId, won.betslip, 'rollback', 1801) });
    expect(undone.status).toBe(200);
    expect(await bonusRow(bonus.id)).toMatchObject({ winnings: 0 });
    expect(await money(userId)).toEqual({ balance: 900, withdrawable: 900 });
  });
});
