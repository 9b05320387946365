import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../../../server/db/schema.ts';
import { InsufficientFundsError, ReferenceConflictError } from '../../../../server/features/wallet/errors.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ensureWallet, getWallet, toWalletView } from '../../../../server/features/wallet/wallet.ts';
import { CentavosSchema, centavosToDecimal, MAX_AMOUNT_CENTAVOS } from '../../../../src/contract/money.ts';
import { type WalletHarness, walletHarness } from './helpers.ts';

let h: WalletHarness;
beforeAll(async () => {
  h = await walletHarness();
});
afterAll(() => h.close());

async function expectBalanced(userId: number) {
  const s = await h.sums(userId);
  expect(s.ledger).toEqual(s.wallet);
  expect(s.wallet[0] >= 0n && s.wallet[1] >= 0n && s.wallet[1] <= s.wallet[0]).toBe(true);
  return s;
}

describe('wallet ledger', () => {
  it('creates an empty wallet once and reads it', async () => {
    const userId = await h.player();
    expect(await getWallet(h.db, h.tenants.local, userId)).toBeNull();
    expect(toWalletView(null)).toEqual({ balance: 0, balance_withdrawal: 0, deposit_count: 0 });
    const [a, b] = await Promise.all([ensureWallet(h.db, h.tenants.local, userId), ensureWallet(h.db, h.tenants.local, userId)]);
    expect(a).toEqual(b);
    expect(toWalletView(a)).toEqual({ balance: 0, balance_withdrawal: 0, deposit_count: 0 });
    // Another tenant's id does not reach this player.
    await expect(ensureWallet(h.db, h.tenants.sorte, userId)).rejects.toMatchObject({ code: 'wallet_not_found', status: 404 });
    await expect(applyMovement(h.db, { tenantId: h.tenants.sorte, userId, type: 'deposit', amount: 100 })).rejects.toMatchObject({ status: 404 });
  });

  it('moves money with a ledger row per movement that sums to the balances', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    const dep = await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 5000, reference: 'tx-dep-1', metadata: { txid: 'tx-dep-1' } });
    expect(dep.replayed).toBe(false);
    expect(dep.entry).toMatchObject({ type: 'deposit', amount: 5000n, withdrawableDelta: 5000n, balanceAfter: 5000n, balanceWithdrawalAfter: 5000n, metadata: { txid: 'tx-dep-1' } });
    expect(toWalletView(dep.wallet)).toEqual({ balance: 5000, balance_withdrawal: 5000, deposit_count: 1 });

    // A bonus is not withdrawable; a bet spends the bonus part first; a win is withdrawable.
    await applyMovement(h.db, { tenantId: t, userId, type: 'bonus', amount: 2000n });
    const bet = await applyMovement(h.db, { tenantId: t, userId, type: 'bet', amount: -2500n, reference: 'round-1' });
    expect(toWalletView(bet.wallet)).toEqual({ balance: 4500, balance_withdrawal: 4500, deposit_count: 1 });
    await applyMovement(h.db, { tenantId: t, userId, type: 'bonus', amount: 1000n });
    await applyMovement(h.db, { tenantId: t, userId, type: 'rollover', amount: 0n, withdrawableDelta: 1000n });
    const win = await applyMovement(h.db, { tenantId: t, userId, type: 'win', amount: 300, reference: 'round-1' });
    expect(toWalletView(win.wallet)).toEqual({ balance: 5800, balance_withdrawal: 5800, deposit_count: 1 });
    const out = await applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -800 });
    expect(toWalletView(out.wallet)).toEqual({ balance: 5000, balance_withdrawal: 5000, deposit_count: 1 });
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 1 });
    expect(toWalletView(await getWallet(h.db, t, userId))).toEqual({ balance: 5001, balance_withdrawal: 5001, deposit_count: 2 });
    expect((await expectBalanced(userId)).entries).toBe(8);
  });

  it('never goes negative, on the balance or its withdrawable part, and moves nothing when refusing', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    await expect(applyMovement(h.db, { tenantId: t, userId, type: 'bet', amount: -1 })).rejects.toBeInstanceOf(InsufficientFundsError);
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 1000 });
    await applyMovement(h.db, { tenantId: t, userId, type: 'bonus', amount: 500 });
    const refused = applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -1001 });
    await expect(refused).rejects.toMatchObject({ code: 'insufficient_funds', status: 422, localized: { pt: 'Saldo insuficiente.', en: 'Insufficient balance.' } });
    await expect(applyMovement(h.db, { tenantId: t, userId, type: 'bet', amount: -1501 })).rejects.toBeInstanceOf(InsufficientFundsError);
    // The database itself refuses a wallet below zero or a withdrawable part above the balance.
    await expect(h.db.execute(sql`update wallets set balance = -1, balance_withdrawal = 0 where user_id = ${userId}`)).rejects.toThrow();
    await expect(h.db.execute(sql`update wallets set balance_withdrawal = balance + 1 where user_id = ${userId}`)).rejects.toThrow();
    expect(toWalletView(await getWallet(h.db, t, userId))).toEqual({ balance: 1500, balance_withdrawal: 1000, deposit_count: 1 });
    expect((await expectBalanced(userId)).entries).toBe(2);
  });

  it('keeps the ledger append-only', async () => {
    const userId = await h.player();
    await applyMovement(h.db, { tenantId: h.tenants.local, userId, type: 'deposit', amount: 100 });
    await expect(h.db.update(ledgerEntries).set({ amount: 1_000_000n }).where(eq(ledgerEntries.userId, userId))).rejects.toThrow();
    await expectBalanced(userId);
  });

  it('joins an open transaction: rolled back with it', async () => {
    const userId = await h.player();
    await applyMovement(h.db, { tenantId: h.tenants.local, userId, type: 'deposit', amount: 100 });
    await expect(
      h.db.transaction(async (tx) => {
        await applyMovement(tx, { tenantId: h.tenants.local, userId, type: 'deposit', amount: 900 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(toWalletView(await getWallet(h.db, h.tenants.local, userId))).toMatchObject({ balance: 100, deposit_count: 1 });
    expect((await expectBalanced(userId)).entries).toBe(1);
  });

  it('refuses bad amounts at the boundary and in the service, moving nothing', async () => {
    for (const bad of [-1, 0, 0.5, 50.25, MAX_AMOUNT_CENTAVOS + 1, Number.NaN, Infinity, '5000', '50,00', null, undefined, true, {}]) {
      expect([bad, v.safeParse(CentavosSchema, bad).success]).toEqual([bad, false]);
    }
    for (const good of [1, 5000, 123456789, MAX_AMOUNT_CENTAVOS]) expect(v.parse(CentavosSchema, good)).toBe(good);
    expect(v.safeParse(CentavosSchema, 0.5).issues?.[0]?.message).toBe('validation.generic');

    const userId = await h.player();
    const t = h.tenants.local;
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 700 });
    for (const amount of [0.5, Number.NaN, Infinity, MAX_AMOUNT_CENTAVOS + 1, -(MAX_AMOUNT_CENTAVOS + 1), 2n ** 63n, 0]) {
      await expect(applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount })).rejects.toBeInstanceOf(RangeError);
    }
    await expect(applyMovement(h.db, { tenantId: t, userId, type: 'bonus', amount: 10, withdrawableDelta: 11 })).rejects.toBeInstanceOf(RangeError);
    expect(toWalletView(await getWallet(h.db, t, userId))).toEqual({ balance: 700, balance_withdrawal: 700, deposit_count: 1 });
    expect((await expectBalanced(userId)).entries).toBe(1);
  });

  it('formats centavos as reais exactly', () => {
    expect([1, 5000, 123456789, 0, -250].map((n) => centavosToDecimal(n))).toEqual(['0.01', '50.00', '1234567.89', '0.00', '-2.50']);
  });
});

describe('wallet concurrency', () => {
  it('200 concurrent withdrawals against a balance covering 10: exactly 10 succeed', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 10 * 2500 });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -2500, reference: `w-${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(toWalletView(await getWallet(h.db, t, userId))).toEqual({ balance: 0, balance_withdrawal: 0, deposit_count: 1 });
    expect((await expectBalanced(userId)).entries).toBe(11);
  });

  it('50 concurrent deliveries of the same credit: one credit', async () => {
    const userId = await h.player();
    const t = h.tenants.local;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 5000, reference: 'E2E-TXID-0001' })),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(toWalletView(await getWallet(h.db, t, userId))).toEqual({ balance: 5000, balance_withdrawal: 5000, deposit_count: 1 });
    expect((await expectBalanced(userId)).entries).toBe(1);
    // A later replay also moves nothing; the same reference for another player or amount is a conflict.
    expect((await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 5000, reference: 'E2E-TXID-0001' })).replayed).toBe(true);
    await expect(applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 5001, reference: 'E2E-TXID-0001' })).rejects.toBeInstanceOf(ReferenceConflictError);
    const other = await h.player();
    await expect(applyMovement(h.db, { tenantId: t, userId: other, type: 'deposit', amount: 5000, reference: 'E2E-TXID-0001' })).rejects.toMatchObject({ status: 409 });
    // Same reference under another type is another movement (a bet and its win share a round id).
    expect((await applyMovement(h.db, { tenantId: t, userId, type: 'bet', amount: -100, reference: 'E2E-TXID-0001' })).replayed).toBe(false);
    await expectBalanced(userId);
    await expectBalanced(other);
  });

  it('concurrent duplicates across two players racing one reference: one wins, nothing else moves', async () => {
    const [a, b] = [await h.player(), await h.player()];
    const t = h.tenants.local;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => applyMovement(h.db, { tenantId: t, userId: i % 2 ? a : b, type: 'deposit', amount: 300, reference: 'shared-ref' })),
    );
    const credited = (await h.sums(a)).wallet[0] + (await h.sums(b)).wallet[0];
    expect(credited).toBe(300n);
    expect(results.some((r) => r.status === 'rejected' && r.reason instanceof ReferenceConflictError)).toBe(true);
    await expectBalanced(a);
    await expectBalanced(b);
  });

  it('thousands of concurrent mixed operations keep every ledger equal to its wallet', async () => {
    const t = h.tenants.local;
    const players = [await h.player(), await h.player(), await h.player(), await h.player()];
    for (const userId of players) await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: 10_000 });
    // A deterministic pseudo-random mix so a failure reproduces.
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const kinds = ['deposit', 'withdraw', 'bet', 'win', 'bonus', 'bet'] as const;
    const ops = Array.from({ length: 2000 }, (_, i) => {
      const type = kinds[rand(kinds.length)]!;
      const size = 1 + rand(3000);
      const amount = type === 'withdraw' || type === 'bet' ? -size : size;
      // Every fifth operation repeats an earlier reference (a replayed callback).
      const reference = i % 5 === 4 ? `mix-${i - 1}` : `mix-${i}`;
      return { tenantId: t, userId: players[rand(players.length)]!, type, amount, reference };
    });
    const results = await Promise.allSettled(ops.map((op) => applyMovement(h.db, op)));
    for (const r of results) {
      if (r.status === 'rejected') expect([InsufficientFundsError, ReferenceConflictError].some((E) => r.reason instanceof E)).toBe(true);
    }
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(1000);
    for (const userId of players) await expectBalanced(userId);
  });
});
