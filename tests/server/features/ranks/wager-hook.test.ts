import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { type HouseHarness, houseHarness } from '../house/helpers.ts';
import { makeClaims, settleTransaction, type SportsHarness, sportsHarness } from '../sportsbook/harness.ts';

/*
 * The wager hook (server/features/wallet/on-wager.ts): every stake and every
 * stake given back updates users.total_bet once, in the ledger transaction,
 * whatever the retries. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

async function totalBet(db: HouseHarness['db'], userId: number): Promise<number> {
  const [row] = await db.select({ totalBet: users.totalBet }).from(users).where(eq(users.id, userId));
  return row!.totalBet;
}

/** A player of `h` with `amount` deposited, and an aggregator's seamless wallet to bet through. */
async function fundedPlayer(h: HouseHarness, amount = 10_000) {
  const { userId, token } = await h.player();
  const player = { tenantId: h.tenantId, userId };
  await applyMovement(h.db, { ...player, type: 'deposit', amount, reference: `wager-dep-${userId}` });
  return { userId, token, player, wallet: createSeamlessWallet(h.db, 'acme') };
}

describe('casino bets (house rounds and provider wallets)', () => {
  let h: HouseHarness;
  beforeAll(async () => {
    h = await houseHarness();
  });
  afterAll(() => h.close());

  it('a real-money house round adds its stake once; a demo round adds nothing', async () => {
    const { userId, token } = await fundedPlayer(h);
    expect(
      (
        await h.call('POST', '/house/dice/play', {
          token,
          body: {
            amount: 700,
            demo: false,
            params: { target: 5000, direction: 'under' },
          },
        })
      ).status,
    ).toBe(200);
    expect(await totalBet(h.db, userId)).toBe(700);
    expect(
      (
        await h.call('POST', '/house/dice/play', {
          token,
          body: {
            amount: 300,
            demo: true,
            params: { target: 5000, direction: 'under' },
          },
        })
      ).status,
    ).toBe(200);
    expect(await totalBet(h.db, userId)).toBe(700);
  });

  it('a provider bet counts once through its replays; its rollback takes it off once; a win or its rollback does not count', async () => {
    const { userId, player, wallet } = await fundedPlayer(h);
    await wallet.bet(player, {
      roundId: 'wr1',
      transactionId: 'wt1',
      amount: 1_000,
      game: 'Big Bass',
    });
    await wallet.bet(player, {
      roundId: 'wr1',
      transactionId: 'wt1',
      amount: 1_000,
      game: 'Big Bass',
    });
    await wallet.bet(player, {
      roundId: 'wr2',
      transactionId: 'wt2',
      amount: 400,
      game: 'Big Bass',
    });
    expect(await totalBet(h.db, userId)).toBe(1_400);
    await wallet.rollback(player, { transactionId: 'wt1' });
    await wallet.rollback(player, { transactionId: 'wt1' });
    expect(await totalBet(h.db, userId)).toBe(400);
    await wallet.win(player, {
      roundId: 'wr2',
      transactionId: 'ww2',
      amount: 900,
    });
    await wallet.rollback(player, { transactionId: 'ww2' });
    expect(await totalBet(h.db, userId)).toBe(400);
  });

  it('concurrent duplicates of one bet count once; concurrent different bets all count', async () => {
    const { userId, player, wallet } = await fundedPlayer(h);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        wallet.bet(player, {
          roundId: 'cr1',
          transactionId: 'ct1',
          amount: 500,
          game: 'X',
        }),
      ),
    );
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        wallet.bet(player, {
          roundId: `cr-${i}`,
          transactionId: `ct-${i}`,
          amount: 100,
          game: 'X',
        }),
      ),
    );
    expect(await totalBet(h.db, userId)).toBe(1_500);
  });

  it('total_bet never goes below 0 (a stake given back after an operator reset)', async () => {
    const { userId, player, wallet } = await fundedPlayer(h, 1_000);
    await wallet.bet(player, {
      roundId: 'fr1',
      transactionId: 'ft1',
      amount: 600,
      game: 'X',
    });
    await h.db.update(users).set({ totalBet: 100 }).where(eq(users.id, userId));
    await wallet.rollback(player, { transactionId: 'ft1' });
    expect(await totalBet(h.db, userId)).toBe(0);
  });
});

describe('sports bets (the sportsbook callbacks)', () => {
  let s: SportsHarness;
  beforeAll(async () => {
    s = await sportsHarness();
  }, 60_000);
  afterAll(() => s?.close());

  const make = async (userId: number, amount: number) => {
    const claims = makeClaims(userId, { amount });
    const reply = await s.call('bet/make', claims);
    expect(reply.status).toBe(200);
    // A provider retry of the same bet is a replay.
    expect((await s.call('bet/make', claims)).status).toBe(200);
    return { id: reply.body.id as string, betslip: claims.betslip.id };
  };

  it('a betslip stake counts once; a refund takes it off; rolling the refund back counts it again; a bet rollback takes it off', async () => {
    const { userId } = await s.player(10_000);
    const bet = await make(userId, 1_000);
    expect(await totalBet(s.db, userId)).toBe(1_000);
    const refund = await s.call('bet/refund', {
      bet_transaction_id: bet.id,
      reason: 'cancelled',
      transaction: settleTransaction(userId, bet.betslip, 'refund', 1_000),
    });
    expect(refund.status).toBe(200);
    expect(await totalBet(s.db, userId)).toBe(0);
    const undo = await s.call('bet/rollback', {
      bet_transaction_id: bet.id,
      parent_transaction_id: refund.body.id,
      transaction: settleTransaction(userId, bet.betslip, 'rollback', 1_000),
    });
    expect(undo.status).toBe(200);
    expect(await totalBet(s.db, userId)).toBe(1_000);

    const other = await make(userId, 500);
    expect(await totalBet(s.db, userId)).toBe(1_500);
    const rollback = {
      bet_transaction_id: other.id,
      parent_transaction_id: other.id,
      transaction: settleTransaction(userId, other.betslip, 'rollback', 500),
    };
    expect((await s.call('bet/rollback', rollback)).status).toBe(200);
    expect((await s.call('bet/rollback', rollback)).status).toBe(200);
    expect(await totalBet(s.db, userId)).toBe(1_000);
  });

  it('a win and its rollback leave total_bet alone; a discard takes the stake off', async () => {
    const { userId } = await s.player(10_000);
    const bet = await make(userId, 800);
    const win = await s.call('bet/win', {
      amount: 2_000,
      currency: 'BRL',
      bet_transaction_id: bet.id,
      transaction: settleTransaction(userId, bet.betslip, 'win', 2_000),
    });
    expect(win.status).toBe(200);
    expect(
      (
        await s.call('bet/rollback', {
          bet_transaction_id: bet.id,
          parent_transaction_id: win.body.id,
          transaction: settleTransaction(userId, bet.betslip, 'rollback', 2_000),
        })
      ).status,
    ).toBe(200);
    expect(await totalBet(s.db, userId)).toBe(800);
    const discarded = makeClaims(userId, { amount: 300 });
    expect((await s.call('bet/make', discarded)).status).toBe(200);
    expect(await totalBet(s.db, userId)).toBe(1_100);
    expect(
      (
        await s.call('bet/discard', {
          ext_player_id: String(userId),
          transaction_id: discarded.transaction.id,
        })
      ).status,
    ).toBe(200);
    expect(await totalBet(s.db, userId)).toBe(800);
  });
});
