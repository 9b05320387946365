import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bonusStakes, ledgerEntries, playerBonuses, tenants } from '../../../../server/db/schema.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { expireDueBonuses } from '../../../../server/features/bonuses/expire.ts';
import { grantBonus } from '../../../../server/features/bonuses/grant.ts';
import { forgetCachedTenants } from '../../../../server/features/tenants/tenant-cache.ts';
import { type Player, type WithdrawalHarness, withdrawalHarness } from '../withdrawals/helpers.ts';

/*
 * Wins of bonus money (docs/rewards.md "Wins of bonus money") through the real paths: house rounds over
 * POST /api/house/{game}/play, the aggregator's seamless wallet (bet, win, rollback), the withdrawal call,
 * the bonus's completion and its expiry. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let h: WithdrawalHarness;
const checked: number[] = [];
beforeAll(async () => {
  h = await withdrawalHarness();
  const [row] = await h.db.select().from(tenants).where(eq(tenants.id, h.tenants.local));
  await h.db.update(tenants).set({ config: { ...row!.config, is_regulated: false } }).where(eq(tenants.id, h.tenants.local));
  forgetCachedTenants();
}, 60_000);
afterAll(() => h.close());
// Every player's ledger sums to its wallet (balance and withdrawable part) after each test.
afterEach(async () => {
  for (const id of checked.splice(0)) {
    const m = await h.money(id);
    expect(m.ledger).toEqual([m.balance, m.withdrawable]);
  }
});

async function newPlayer(): Promise<Player> {
  const p = await h.player();
  checked.push(p.id);
  return p;
}
const grant = (userId: number, ref: string, amount: number, rolloverMultiplier: number, expiresAt: Date | null = null) =>
  grantBonus(h.db, { tenantId: h.tenants.local, userId, source: 'coupon', sourceRef: ref, amount, rolloverMultiplier, expiresAt }).then((r) => r.bonus);
const bonusRow = async (id: number) => (await h.db.select().from(playerBonuses).where(eq(playerBonuses.id, id)))[0]!;
const entry = async (userId: number, type: 'win' | 'bet' | 'bonus' | 'rollover', reference: string) =>
  (await h.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, type), eq(ledgerEntries.reference, reference))))[0];
const money = async (userId: number) => {
  const m = await h.money(userId);
  return { balance: Number(m.balance), withdrawable: Number(m.withdrawable) };
};

describe('a house round won with bonus money', () => {
  it('keeps the win as the bonus’s money: not withdrawable, refused by a withdrawal, released when the rollover completes', async () => {
    const p = await newPlayer();
    const methodId = await h.method(p);
    const bonus = await grant(p.id, 'house', 10_000, 1);
    // Limbo at 1.01×: nearly every round wins; each stake is bonus money (the player has no cash).
    let rounds = 0;
    let won: { id: number; payout: number } | null = null;
    while (!won && rounds < 20) {
      const res = await h.call('POST', '/house/limbo/play', { token: p.token, body: { amount: 1000, demo: false, params: { target: 10_100 } } });
      expect(res.status).toBe(200);
      rounds += 1;
      const round = res.body.round as { id: number; payout: number };
      if (round.payout > 0) won = round;
    }
    expect(won).not.toBeNull();
    const win = await entry(p.id, 'win', `house:${won!.id}:win`);
    expect(win).toMatchObject({ amount: 1010n, withdrawableDelta: 0n, metadata: expect.objectContaining({ bonus_shares: [{ bonus_id: bonus.id, amount: 1010, fate: 'kept' }] }) });
    const [stake] = await h.db.select().from(bonusStakes).where(eq(bonusStakes.bonusId, bonus.id)).limit(1);
    expect(stake).toMatchObject({ amount: 1000n });
    expect(await bonusRow(bonus.id)).toMatchObject({ status: 'active', winnings: 1010, rolloverDone: rounds * 1000 });
    const before = await money(p.id);
    expect(before).toEqual({ balance: 10_000 - rounds * 1000 + 1010, withdrawable: 0 });
    const listed = await h.call('GET', '/wallet/bonuses', { token: p.token });
    expect(listed.body.active).toEqual([expect.objectContaining({ id: bonus.id, amount: 10_000, winnings: 1010, status: 'active' })]);

    // The winnings are bonus money: the withdrawal refuses them and moves nothing.
    const refused = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 2000, method_id: methodId } });
    expect(refused.status).toBe(422);
    expect(await money(p.id)).toEqual(before);

    // An aggregator bet completes the rollover (10,000 in all): what is left of the bonus, winnings included, is released.
    const wallet = createSeamlessWallet(h.db, 'acme');
    const player = { tenantId: h.tenants.local, userId: p.id };
    const rest = 10_000 - rounds * 1000;
    await wallet.bet(player, { roundId: 'h-done', transactionId: 'h-done-bet', amount: rest, game: 'Big Bass' });
    expect(await bonusRow(bonus.id)).toMatchObject({ status: 'completed', winnings: 1010 });
    const release = await entry(p.id, 'rollover', `bonus:${bonus.id}`);
    expect(release).toMatchObject({ amount: 0n, withdrawableDelta: 1010n, metadata: expect.objectContaining({ winnings: 1010 }) });
    expect(await money(p.id)).toEqual({ balance: 1010, withdrawable: 1010 });

    // That bet's win arrives after the completion: its bonus share is withdrawable (the bonus released its money).
    await wallet.win(player, { roundId: 'h-done', transactionId: 'h-done-win', amount: 2 * rest });
    const late = await entry(p.id, 'win', 'acme:h-done-win');
    expect(late).toMatchObject({ withdrawableDelta: BigInt(2 * rest), metadata: expect.objectContaining({ bonus_shares: [{ bonus_id: bonus.id, amount: 2 * rest, fate: 'released' }] }) });
    expect(await money(p.id)).toEqual({ balance: 1010 + 2 * rest, withdrawable: 1010 + 2 * rest });
    const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 2000, method_id: methodId } });
    expect(made.status).toBe(201);
  }, 90_000);
});

describe('an aggregator bet and win paid partly with bonus money', () => {
  it('splits a mixed stake’s win to the centavo, credits concurrent duplicate wins once, and gives stakes and wins back in the same shares', async () => {
    const p = await newPlayer();
    await h.deposit(p.id, 3000);
    const bonus = await grant(p.id, 'mixed', 1000, 50);
    const wallet = createSeamlessWallet(h.db, 'acme');
    const player = { tenantId: h.tenants.local, userId: p.id };

    // A stake rolled back comes back as it was paid: 400 of bonus money, back to the bonus.
    await wallet.bet(player, { roundId: 'm0', transactionId: 'm0-bet', amount: 400, game: 'Big Bass' });
    expect(await money(p.id)).toEqual({ balance: 3600, withdrawable: 3000 });
    await wallet.rollback(player, { transactionId: 'm0-bet' });
    expect(await entry(p.id, 'bet', 'acme:m0-bet:rollback')).toMatchObject({
      amount: 400n,
      withdrawableDelta: 0n,
      metadata: expect.objectContaining({ bonus_shares: [{ bonus_id: bonus.id, amount: 400, fate: 'kept' }] }),
    });
    expect(await money(p.id)).toEqual({ balance: 4000, withdrawable: 3000 });

    // 2,000 staked: the bonus's 1,000 first, then 1,000 of cash.
    await wallet.bet(player, { roundId: 'm1', transactionId: 'm1-bet', amount: 2000, game: 'Big Bass' });
    expect(await entry(p.id, 'bet', 'acme:m1-bet')).toMatchObject({ amount: -2000n, withdrawableDelta: -1000n });
    expect(await money(p.id)).toEqual({ balance: 2000, withdrawable: 2000 });

    // 3,001 won, eight identical callbacks at once: one credit. Bonus share ⌊3001 × 1000 / 2000⌋ = 1,500 stays the
    // bonus's; cash share 1,501 (the rounding centavo goes to the player).
    const answers = await Promise.all(Array.from({ length: 8 }, () => wallet.win(player, { roundId: 'm1', transactionId: 'm1-win', amount: 3001 })));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const win = await entry(p.id, 'win', 'acme:m1-win');
    expect(win).toMatchObject({ amount: 3001n, withdrawableDelta: 1501n });
    expect(await money(p.id)).toEqual({ balance: 5001, withdrawable: 3501 });
    expect(await bonusRow(bonus.id)).toMatchObject({ winnings: 1500, rolloverDone: 2000, status: 'active' });
    const wins = await h.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, p.id), eq(ledgerEntries.type, 'win')));
    expect(wins).toHaveLength(1);

    // The provider rolls the win back: taken in the shares it was given, the bonus's winnings with it.
    await wallet.rollback(player, { transactionId: 'm1-win' });
    expect(await entry(p.id, 'win', 'acme:m1-win:rollback')).toMatchObject({ amount: -3001n, withdrawableDelta: -1501n });
    expect(await money(p.id)).toEqual({ balance: 2000, withdrawable: 2000 });
    expect((await bonusRow(bonus.id)).winnings).toBe(0);
  });
});

describe('a stake paid by two running bonuses', () => {
  it('records each bonus’s share (the oldest spent first) and keeps each one’s share of the win with it', async () => {
    const p = await newPlayer();
    const older = await grant(p.id, 'two-a', 1000, 50);
    const newer = await grant(p.id, 'two-b', 500, 50);
    const wallet = createSeamlessWallet(h.db, 'acme');
    const player = { tenantId: h.tenants.local, userId: p.id };
    await wallet.bet(player, { roundId: 't1', transactionId: 't1-bet', amount: 1200, game: 'Big Bass' });
    const bet = await entry(p.id, 'bet', 'acme:t1-bet');
    const stakes = await h.db.select().from(bonusStakes).where(eq(bonusStakes.ledgerEntryId, bet!.id));
    expect(stakes.sort((a, b) => a.bonusId - b.bonusId).map((s) => [s.bonusId, s.amount])).toEqual([
      [older.id, 1000n],
      [newer.id, 200n],
    ]);
    // 2,401 won: ⌊2401 × 1000 / 1200⌋ = 2,000 and ⌊2401 × 200 / 1200⌋ = 400 stay bonus money; 1 centavo is cash.
    await wallet.win(player, { roundId: 't1', transactionId: 't1-win', amount: 2401 });
    expect(await entry(p.id, 'win', 'acme:t1-win')).toMatchObject({ amount: 2401n, withdrawableDelta: 1n });
    expect((await bonusRow(older.id)).winnings).toBe(2000);
    expect((await bonusRow(newer.id)).winnings).toBe(400);
    expect(await money(p.id)).toEqual({ balance: 2701, withdrawable: 1 });
  });
});

describe('a bonus that expires', () => {
  it('forfeits its winnings with it; a win settled after the expiry is forfeited, and its rollback gives that back', async () => {
    const p = await newPlayer();
    await h.deposit(p.id, 5000);
    const t0 = Date.now();
    const expiresAt = new Date(t0 + 3_600_000);
    const bonus = await grant(p.id, 'exp', 2000, 10, expiresAt);
    let clock = new Date(t0);
    const wallet = createSeamlessWallet(h.db, 'acme', undefined, () => clock);
    const player = { tenantId: h.tenants.local, userId: p.id };

    await wallet.bet(player, { roundId: 'e1', transactionId: 'e1-bet', amount: 1500, game: 'Big Bass' });
    await wallet.win(player, { roundId: 'e1', transactionId: 'e1-win', amount: 3000 });
    expect(await bonusRow(bonus.id)).toMatchObject({ winnings: 3000 });
    expect(await money(p.id)).toEqual({ balance: 8500, withdrawable: 5000 });
    const methodId = await h.method(p);
    expect((await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 5001, method_id: methodId } })).status).toBe(422);

    // 1,000 more at stake from the bonus's money (winnings included), still open when the bonus expires.
    await wallet.bet(player, { roundId: 'e2', transactionId: 'e2-bet', amount: 1000, game: 'Big Bass' });
    expect(await money(p.id)).toEqual({ balance: 7500, withdrawable: 5000 });
    expect(await expireDueBonuses(h.db, new Date(expiresAt.getTime() + 1))).toBe(1);
    // What was left of it (2,500: the 3,000 won is part of it) is forfeited; the cash is untouched.
    expect(await entry(p.id, 'bonus', `expired:${bonus.id}`)).toMatchObject({ amount: -2500n, withdrawableDelta: 0n });
    expect(await money(p.id)).toEqual({ balance: 5000, withdrawable: 5000 });

    // The open bet wins after the expiry: its bonus share belongs to a forfeited bonus and is taken back at once.
    clock = new Date(expiresAt.getTime() + 2);
    await wallet.win(player, { roundId: 'e2', transactionId: 'e2-win', amount: 2000 });
    const late = await entry(p.id, 'win', 'acme:e2-win');
    expect(late).toMatchObject({ amount: 2000n, withdrawableDelta: 0n, metadata: expect.objectContaining({ bonus_shares: [{ bonus_id: bonus.id, amount: 2000, fate: 'forfeited' }] }) });
    expect(await entry(p.id, 'bonus', `forfeit:${late!.id}`)).toMatchObject({ amount: -2000n, withdrawableDelta: 0n });
    expect(await money(p.id)).toEqual({ balance: 5000, withdrawable: 5000 });

    // Rolled back, that win takes nothing the player kept: the forfeit is given back first, then the win taken.
    await wallet.rollback(player, { transactionId: 'e2-win' });
    expect(await entry(p.id, 'bonus', `unforfeit:${late!.id}`)).toMatchObject({ amount: 2000n });
    expect(await money(p.id)).toEqual({ balance: 5000, withdrawable: 5000 });
    expect((await bonusRow(bonus.id)).status).toBe('expired');
  });
});
