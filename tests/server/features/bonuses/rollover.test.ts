import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, playerBonuses, tenants } from '../../../../server/db/schema.ts';
import { expireDueBonuses } from '../../../../server/features/bonuses/expire.ts';
import { grantBonus } from '../../../../server/features/bonuses/grant.ts';
import { removeRolloverProgress } from '../../../../server/features/bonuses/rollover.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { getWallet, toWalletView } from '../../../../server/features/wallet/wallet.ts';
import { type WalletHarness, walletHarness } from '../wallet/helpers.ts';

let h: WalletHarness;
beforeAll(async () => {
  h = await walletHarness();
  // The demo tenants are regulated; these tests run on `localhost` switched to unregulated (sorte stays regulated).
  const [row] = await h.db.select().from(tenants).where(eq(tenants.id, h.tenants.local));
  await h.db.update(tenants).set({ config: { ...row!.config, is_regulated: false } }).where(eq(tenants.id, h.tenants.local));
});
afterAll(() => h.close());

const wallet = async (userId: number) => toWalletView(await getWallet(h.db, h.tenants.local, userId));
const bonusRow = async (id: number) => (await h.db.select().from(playerBonuses).where(eq(playerBonuses.id, id)))[0]!;
/** A casino stake: the wallet's wager hook (on-wager.ts) counts it towards the rollover in the bet's transaction. */
const bet = (userId: number, amount: number, ref: string) => applyMovement(h.db, { tenantId: h.tenants.local, userId, type: 'bet', amount: -amount, reference: ref });

describe('bonus grant', () => {
  it('credits non-withdrawable bonus money once per (player, source, ref), also when granted twice at once', async () => {
    const userId = await h.player();
    const input = { tenantId: h.tenants.local, userId, source: 'coupon' as const, sourceRef: 'c1:1', amount: 1000, rolloverMultiplier: 3, expiresAt: null };
    const results = await Promise.all([grantBonus(h.db, input), grantBonus(h.db, input), grantBonus(h.db, input)]);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.bonus.id)).size).toBe(1);
    expect(results[0]!.bonus).toMatchObject({ amount: 1000, rolloverRequired: 3000, rolloverDone: 0, status: 'active' });
    expect(await wallet(userId)).toEqual({ balance: 1000, balance_withdrawal: 0, deposit_count: 0 });
    const s = await h.sums(userId);
    expect(s.ledger).toEqual(s.wallet);
    expect(s.entries).toBe(1);
  });

  it('refuses on a regulated tenant and moves nothing', async () => {
    const userId = await h.player(h.tenants.sorte);
    const grant = grantBonus(h.db, { tenantId: h.tenants.sorte, userId, source: 'coupon', sourceRef: 'x', amount: 500, rolloverMultiplier: 1, expiresAt: null });
    await expect(grant).rejects.toMatchObject({ code: 'bonus_not_allowed', status: 403 });
    expect((await h.sums(userId)).entries).toBe(0);
  });

  it('releases a bonus without rollover at once', async () => {
    const userId = await h.player();
    const { bonus } = await grantBonus(h.db, { tenantId: h.tenants.local, userId, source: 'operator', sourceRef: 'gift', amount: 700, rolloverMultiplier: 0, expiresAt: null });
    expect(bonus.status).toBe('completed');
    expect(await wallet(userId)).toEqual({ balance: 700, balance_withdrawal: 700, deposit_count: 0 });
  });
});

describe('rollover', () => {
  it('counts bets towards the oldest bonus first and releases what is left of it once met', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 10_000 });
    const a = (await grantBonus(h.db, { tenantId: t, userId, source: 'coupon', sourceRef: 'a', amount: 1000, rolloverMultiplier: 0.5, expiresAt: null })).bonus;
    const b = (await grantBonus(h.db, { tenantId: t, userId, source: 'coupon', sourceRef: 'b', amount: 500, rolloverMultiplier: 2, expiresAt: null })).bonus;
    // Bets spend bonus money first, the oldest bonus's first: 300 of a is gone.
    await bet(userId, 300, 'r1');
    expect(await wallet(userId)).toEqual({ balance: 11_200, balance_withdrawal: 10_000, deposit_count: 1 });
    expect((await bonusRow(a.id)).rolloverDone).toBe(300);
    // 400 more: a is met (500) with 200 over for b; what is left of a (300) becomes withdrawable, b's 500 does not.
    const completing = await bet(userId, 400, 'r2');
    expect(await bonusRow(a.id)).toMatchObject({ status: 'completed', rolloverDone: 500 });
    expect(await bonusRow(b.id)).toMatchObject({ status: 'active', rolloverDone: 200 });
    expect(await wallet(userId)).toEqual({ balance: 10_800, balance_withdrawal: 10_300, deposit_count: 1 });
    expect(completing.wallet).toMatchObject({ balance: 10_800n, balanceWithdrawal: 10_300n });
    const [release] = await h.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, 'rollover')));
    expect(release).toMatchObject({ amount: 0n, withdrawableDelta: 300n, reference: `bonus:${a.id}`, metadata: expect.objectContaining({ wager: 'bet:r2' }) });
    // A stake given back (an aggregator's rollback) comes off the running progress, never below zero; a stays released.
    await applyMovement(h.db, { tenantId: t, userId, type: 'bet', amount: 400, reference: 'r2:rollback' });
    expect((await bonusRow(b.id)).rolloverDone).toBe(0);
    expect((await bonusRow(a.id)).status).toBe('completed');
    await h.db.transaction((tx) => removeRolloverProgress(tx, { tenantId: t, userId, amount: 5000, reference: 'r3' }));
    expect((await bonusRow(b.id)).rolloverDone).toBe(0);
    const s = await h.sums(userId);
    expect(s.ledger).toEqual(s.wallet);
  });

  it('forfeits what is left of an expired bonus, never cash, and stops counting bets for it', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 2000 });
    const past = new Date(Date.now() + 60_000);
    const { bonus } = await grantBonus(h.db, { tenantId: t, userId, source: 'coupon', sourceRef: 'e', amount: 1000, rolloverMultiplier: 5, expiresAt: past });
    await bet(userId, 400, 'e1');
    expect(await wallet(userId)).toEqual({ balance: 2600, balance_withdrawal: 2000, deposit_count: 1 });
    expect(await expireDueBonuses(h.db, new Date(past.getTime() - 1))).toBe(0);
    const later = new Date(past.getTime() + 1);
    const [first, second] = await Promise.all([expireDueBonuses(h.db, later), expireDueBonuses(h.db, later)]);
    expect(first + second).toBe(1);
    expect(await bonusRow(bonus.id)).toMatchObject({ status: 'expired', rolloverDone: 400 });
    expect(await wallet(userId)).toEqual({ balance: 2000, balance_withdrawal: 2000, deposit_count: 1 });
    const [taken] = await h.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reference, `expired:${bonus.id}`)));
    expect(taken).toMatchObject({ type: 'bonus', amount: -600n, withdrawableDelta: 0n });
  });

  it('bets, grants and the expiry job at once: no deadlock, every stake counted once, the ledger balanced', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 100_000 });
    const soon = new Date(Date.now() + 1);
    await grantBonus(h.db, { tenantId: t, userId, source: 'coupon', sourceRef: 'c0', amount: 1000, rolloverMultiplier: 1, expiresAt: soon });
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => bet(userId, 100, `cc${i}`)),
      ...Array.from({ length: 5 }, (_, i) => grantBonus(h.db, { tenantId: t, userId, source: 'coupon', sourceRef: `c${i + 1}`, amount: 1000, rolloverMultiplier: 10, expiresAt: null })),
      expireDueBonuses(h.db, new Date(Date.now() + 10)),
    ]);
    const rows = await h.db.select().from(playerBonuses).where(eq(playerBonuses.userId, userId));
    expect(rows).toHaveLength(6);
    // 2,000 staked in all: what the expired one counted before expiring plus what the others counted.
    expect(rows.reduce((sum, b) => sum + b.rolloverDone, 0)).toBeLessThanOrEqual(2000);
    const s = await h.sums(userId);
    expect(s.ledger).toEqual(s.wallet);
  });

  it('never lets a withdrawal take bonus money', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 1000 });
    await grantBonus(h.db, { tenantId: t, userId, source: 'coupon', sourceRef: 'w', amount: 5000, rolloverMultiplier: 1, expiresAt: null });
    await expect(applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -1001 })).rejects.toMatchObject({ code: 'insufficient_funds' });
    await applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -1000 });
    expect(await wallet(userId)).toEqual({ balance: 5000, balance_withdrawal: 0, deposit_count: 1 });
  });
});
