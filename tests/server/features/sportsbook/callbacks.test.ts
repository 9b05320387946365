import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { responsibleGaming } from '../../../../server/features/responsible-gaming/schema.ts';
import { sportsBetslips } from '../../../../server/features/sportsbook/schema.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { BRAND, makeClaims, type Signing, settleTransaction, type SportsHarness, sportsHarness, uid } from './harness.ts';

/*
 * The provider's signed wallet callbacks (issue 16): the token checks on
 * every route, then the money of each callback through the ledger. Runs on
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let h: SportsHarness;
beforeAll(async () => {
  h = await sportsHarness();
}, 60_000);
afterAll(() => h?.close());
afterEach(() => h.ledgerMatches());

const ROUTES = ['ping', 'bet/make', 'bet/commit', 'bet/discard', 'bet/settlement', 'bet/win', 'bet/lost', 'bet/refund', 'bet/rollback'];
const ATTACKS: Signing[] = ['forged', 'none', 'hs256-confusion', 'rs256', 'expired', 'future-iat', 'future-nbf', 'no-exp'];

/** A bet made for `userId`: its claims and the platform's answer. */
async function made(userId: number, amount = 1000) {
  const claims = makeClaims(userId, { amount });
  const reply = await h.call('bet/make', claims);
  expect(reply.status).toBe(200);
  return { claims, id: reply.body.id as string, betslip: claims.betslip.id };
}

describe('callback tokens', () => {
  it.each(ROUTES)('%s refuses every forged, foreign-algorithm, expired, future and unsigned token, moving nothing', async (route) => {
    const { userId } = await h.player(5000);
    const claims = makeClaims(userId);
    for (const signing of ATTACKS) {
      const reply = await h.callback(route, { payload: await h.sign(claims, signing) });
      expect(reply.status, `${route} ${signing}`).toBe(401);
      expect(reply.body).toMatchObject({ code: 2005, error: 'invalid_token' });
      expect(typeof reply.body.message).toBe('string');
    }
    expect(await h.balance(userId)).toBe(5000);
  });

  it.each(ROUTES)('%s refuses malformed bodies with bad request or invalid token', async (route) => {
    expect((await h.callback(route, 'not json')).body).toMatchObject({ code: 2004 });
    expect((await h.callback(route, '{}')).body).toMatchObject({ code: 2005 });
    expect((await h.callback(route, { payload: 'a.b.c' })).body).toMatchObject({ code: 2005 });
    expect((await h.callback(route, JSON.stringify({ payload: 42 }))).body).toMatchObject({ code: 2005 });
    if (route !== 'ping') expect((await h.call(route, { transaction: { id: 'x' } })).body).toMatchObject({ code: 2004 });
  });

  it('accepts a valid ping and refuses the same token replayed', async () => {
    const token = await h.sign({});
    expect((await h.callback('ping', { payload: token })).status).toBe(200);
    const replayed = await h.callback('ping', { payload: token });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 2005 });
  });

  it('refuses a replayed bet/make token (a retry is signed anew) and moves money once', async () => {
    const { userId } = await h.player(5000);
    const token = await h.sign(makeClaims(userId, { amount: 700 }));
    expect((await h.callback('bet/make', { payload: token })).status).toBe(200);
    expect((await h.callback('bet/make', { payload: token })).body).toMatchObject({ code: 2005 });
    expect(await h.balance(userId)).toBe(4300);
  });

  it('answers a message in the caller language', async () => {
    const res = await h.app.request('/api/sportsbook/bet/make', { method: 'POST', headers: { host: 'localhost', 'accept-language': 'en' }, body: '{}' });
    expect(((await res.json()) as { message: string }).message).toBe('Invalid JWT token.');
    const pt = await h.callback('bet/make', '{}');
    expect(pt.body.message).toBe('Token JWT inválido.');
  });
});

describe('bet/make', () => {
  it('debits the stake once, records the betslip, and answers BetBy’s transaction shape', async () => {
    const { userId } = await h.player(5000);
    const claims = makeClaims(userId, { amount: 1250, selections: 2 });
    const reply = await h.call('bet/make', claims);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ext_transaction_id: claims.transaction.id, user_id: String(userId), operation: 'bet', amount: 1250, currency: 'BRL', balance: 3750 });
    expect(reply.body.id).toMatch(/^\d+$/);
    const again = await h.call('bet/make', claims);
    expect(again.body).toEqual(reply.body);
    expect(await h.balance(userId)).toBe(3750);
    const [slip] = await h.db.select().from(sportsBetslips).where(eq(sportsBetslips.betslipId, claims.betslip.id));
    expect(slip).toMatchObject({ status: 'open', stake: 1250n, betType: '2/2' });
    expect(h.published.some((p) => p.channels[0] === `private-universal.${userId}` && p.event.endsWith('BalanceUpdated'))).toBe(true);
  });

  it('50 concurrent duplicates of one bet/make debit once', async () => {
    const { userId } = await h.player(10_000);
    const claims = makeClaims(userId, { amount: 900 });
    const replies = await Promise.all(Array.from({ length: 50 }, () => h.call('bet/make', claims)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await h.balance(userId)).toBe(9100);
  });

  it('concurrent bets over the balance never overdraw', async () => {
    const { userId } = await h.player(5000);
    const replies = await Promise.all(Array.from({ length: 12 }, () => h.call('bet/make', makeClaims(userId, { amount: 1000 }))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 400).every((r) => r.body.code === 2001)).toBe(true);
    expect(await h.balance(userId)).toBe(0);
  });

  it('refuses with the provider codes, moving nothing', async () => {
    const { userId } = await h.player(1000);
    expect((await h.call('bet/make', makeClaims(userId, { amount: 1001 }))).body).toMatchObject({ code: 2001, error: 'not_enough_money' });
    expect((await h.call('bet/make', makeClaims(userId, { currency: 'USD' }))).body).toMatchObject({ code: 2002 });
    expect((await h.call('bet/make', makeClaims(999_999))).body).toMatchObject({ code: 1006 });
    expect((await h.call('bet/make', makeClaims(userId, { brand: 'other-brand' }))).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/make', { ...makeClaims(userId), bonus_id: 'fb-1', bonus_type: 'freebet_freemoney' })).body).toMatchObject({ code: 3001 });
    const sorte = await h.call('bet/make', makeClaims(userId), 'sorte.localhost');
    expect(sorte.status).toBe(400);
    const taken = makeClaims(userId, { amount: 100 });
    expect((await h.call('bet/make', taken)).status).toBe(200);
    expect((await h.call('bet/make', makeClaims(userId, { betslip: taken.betslip.id, amount: 100 }))).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/make', { ...taken, amount: 200, transaction: { ...taken.transaction, amount: 200 }, betslip: { ...taken.betslip, sum: 200 } })).body).toMatchObject({ code: 2004 });
    expect(await h.balance(userId)).toBe(900);
  });

  it('refuses a self-excluded player as blocked', async () => {
    const { userId } = await h.player(5000);
    await h.db.update(users).set({ selfExclusionStartAt: new Date(Date.now() - 1000), selfExclusionEndAt: new Date(Date.now() + 86_400_000) }).where(eq(users.id, userId));
    expect((await h.call('bet/make', makeClaims(userId))).body).toMatchObject({ code: 1005, error: 'player_blocked' });
    expect(await h.balance(userId)).toBe(5000);
  });

  it('refuses a player the operator blocked', async () => {
    const { userId } = await h.player(5000);
    await h.db.update(users).set({ blockedAt: new Date(), blockedReason: 'Fraude.' }).where(eq(users.id, userId));
    expect((await h.call('bet/make', makeClaims(userId))).body).toMatchObject({ code: 1005, error: 'player_blocked' });
    expect(await h.balance(userId)).toBe(5000);
  });

  it('refuses past the player’s own wager limit and during their pause (limits exceeded)', async () => {
    const { userId } = await h.player(10_000);
    await h.db.insert(responsibleGaming).values({ userId, tenantId: h.tenantId, limits: { wager: { day: { value: 1500 } } } });
    expect((await h.call('bet/make', makeClaims(userId, { amount: 1000 }))).status).toBe(200);
    const over = await h.call('bet/make', makeClaims(userId, { amount: 1000 }));
    expect(over.body).toMatchObject({ code: 4001, error: 'limits_exceeded' });
    const paused = await h.player(10_000);
    await h.db.insert(responsibleGaming).values({ userId: paused.userId, tenantId: h.tenantId, coolOffUntil: new Date(Date.now() + 86_400_000) });
    expect((await h.call('bet/make', makeClaims(paused.userId))).body).toMatchObject({ code: 4001 });
    expect(await h.balance(userId)).toBe(9000);
    expect(await h.balance(paused.userId)).toBe(10_000);
  });

  it('a tenant whose sports are turned off refuses new bets and still settles the open ones; maintenance likewise', async () => {
    const { userId } = await h.player(5000);
    const open = await made(userId, 1000);
    const { tenants } = await import('../../../../server/features/tenants/schema.ts');
    const { forgetCachedTenants } = await import('../../../../server/features/tenants/tenant-cache.ts');
    const [row] = await h.db.select().from(tenants).where(eq(tenants.id, h.tenantId));
    const turn = async (active: boolean, status: 'active' | 'maintenance' = 'active') => {
      await h.db.update(tenants).set({ status, config: { ...row!.config, betby: { ...row!.config.betby, active } } }).where(eq(tenants.id, h.tenantId));
      forgetCachedTenants();
    };
    try {
      await turn(false);
      expect((await h.call('bet/make', makeClaims(userId))).body).toMatchObject({ code: 2004 });
      expect((await h.call('bet/lost', { amount: 0, currency: 'BRL', bet_transaction_id: open.id, transaction: settleTransaction(userId, open.betslip, 'lost', 0) })).status).toBe(200);
      await turn(true, 'maintenance');
      expect((await h.call('bet/make', makeClaims(userId))).body).toMatchObject({ code: 1005 });
    } finally {
      await turn(true);
    }
    expect(await h.balance(userId)).toBe(4000);
  });

  it('commits a made bet and refuses to commit an unknown one', async () => {
    const { userId } = await h.player(5000);
    const bet = await made(userId);
    expect((await h.call('bet/commit', { transaction_id: bet.claims.transaction.id })).status).toBe(200);
    expect((await h.call('bet/commit', { transaction_id: 'unknown-tx' })).body).toMatchObject({ code: 2003 });
  });
});

describe('settlement', () => {
  it('bet/win credits once (withdrawable) and closes the betslip as won; a second win is refused', async () => {
    const { userId } = await h.player(5000);
    const bet = await made(userId, 1000);
    const win = { amount: 1850, currency: 'BRL', is_cashout: false, bet_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'win', 1850) };
    const reply = await h.call('bet/win', win);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ operation: 'win', amount: 1850, balance: 5850, parent_transaction_id: bet.id });
    expect((await h.call('bet/win', win)).body).toEqual(reply.body);
    const second = { ...win, transaction: settleTransaction(userId, bet.betslip, 'win', 1850) };
    expect((await h.call('bet/win', second)).body).toMatchObject({ code: 2004 });
    expect(await h.balance(userId)).toBe(5850);
    const [slip] = await h.db.select().from(sportsBetslips).where(eq(sportsBetslips.betslipId, bet.betslip));
    expect(slip).toMatchObject({ status: 'won', payout: 1850n });
  });

  it('a cash-out and a half-won selection set their statuses', async () => {
    const { userId } = await h.player(5000);
    const a = await made(userId, 1000);
    await h.call('bet/win', { amount: 600, currency: 'BRL', is_cashout: true, bet_transaction_id: a.id, transaction: settleTransaction(userId, a.betslip, 'win', 600) });
    const b = await made(userId, 1000);
    await h.call('bet/win', { amount: 1500, currency: 'BRL', bet_transaction_id: b.id, selections: [{ event_id: 'ev-0', status: 'half-won' }], transaction: settleTransaction(userId, b.betslip, 'win', 1500) });
    const rows = await h.db.select().from(sportsBetslips).where(eq(sportsBetslips.userId, userId));
    expect(rows.map((r) => r.status).sort()).toEqual(['cashed-out', 'half-won']);
    expect(await h.balance(userId)).toBe(5100);
  });

  it('bet/lost closes without money; bet/refund gives the stake back (at most the stake)', async () => {
    const { userId } = await h.player(5000);
    const lost = await made(userId, 1000);
    expect((await h.call('bet/lost', { amount: 0, currency: 'BRL', bet_transaction_id: lost.id, transaction: settleTransaction(userId, lost.betslip, 'lost', 0) })).status).toBe(200);
    const refunded = await made(userId, 1000);
    expect((await h.call('bet/refund', { bet_transaction_id: refunded.id, reason: 'cancelled', transaction: settleTransaction(userId, refunded.betslip, 'refund', 1001) })).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/refund', { bet_transaction_id: refunded.id, reason: 'cancelled', transaction: settleTransaction(userId, refunded.betslip, 'refund', 1000) })).status).toBe(200);
    expect(await h.balance(userId)).toBe(4000);
    expect((await h.call('bet/win', { amount: 10, currency: 'BRL', bet_transaction_id: lost.id, transaction: settleTransaction(userId, lost.betslip, 'win', 10) })).body).toMatchObject({ code: 2004 });
  });

  it('bet/settlement with a transaction credits (won) or refunds (void); without one it confirms or refuses', async () => {
    const { userId } = await h.player(5000);
    const won = await made(userId, 1000);
    expect((await h.call('bet/settlement', { bet_transaction_id: won.id, status: 'won', amount: 2000, transaction: settleTransaction(userId, won.betslip, 'win', 2000) })).body).toMatchObject({ balance: 6000 });
    expect((await h.call('bet/settlement', { bet_transaction_id: won.id, status: 'won' })).body).toMatchObject({ status: 'won' });
    const voided = await made(userId, 500);
    expect((await h.call('bet/settlement', { bet_transaction_id: voided.id, status: 'won' })).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/settlement', { bet_transaction_id: voided.id, status: 'void', transaction: settleTransaction(userId, voided.betslip, 'refund', 500) })).body).toMatchObject({ balance: 6000 });
    const lost = await made(userId, 500);
    expect((await h.call('bet/settlement', { bet_transaction_id: lost.id, status: 'lost' })).body).toMatchObject({ status: 'lost' });
    expect(await h.balance(userId)).toBe(5500);
    expect((await h.call('bet/settlement', { bet_transaction_id: '999999', status: 'lost' })).body).toMatchObject({ code: 2003 });
  });
});

describe('bet/rollback and bet/discard', () => {
  it('a rollback of an unknown transaction is refused and nothing moves', async () => {
    const { userId } = await h.player(5000);
    const before = await h.balance(userId);
    const reply = await h.call('bet/rollback', { bet_transaction_id: '987654', parent_transaction_id: '987654', transaction: settleTransaction(userId, 'slip-x', 'rollback', 1000) });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 2003, error: 'parent_transaction_not_found' });
    expect(await h.balance(userId)).toBe(before);
  });

  it('rolls a bet back exactly once; then its settlement and its own retry are refused', async () => {
    const { userId } = await h.player(5000);
    const bet = await made(userId, 1000);
    const rollback = { bet_transaction_id: bet.id, parent_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'rollback', 1000) };
    const first = await h.call('bet/rollback', rollback);
    expect(first.body).toMatchObject({ operation: 'rollback', balance: 5000, parent_transaction_id: bet.id });
    expect((await h.call('bet/rollback', rollback)).body).toEqual(first.body);
    expect((await h.call('bet/rollback', { ...rollback, transaction: settleTransaction(userId, bet.betslip, 'rollback', 1000) })).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/win', { amount: 2000, currency: 'BRL', bet_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'win', 2000) })).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/settlement', { bet_transaction_id: bet.id, status: 'won', transaction: settleTransaction(userId, bet.betslip, 'win', 2000) })).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/make', bet.claims)).body).toMatchObject({ code: 2004 });
    expect(await h.balance(userId)).toBe(5000);
  });

  it('a rolled-back win reopens the betslip for a new settlement; a bet whose settlement stands is not rolled back', async () => {
    const { userId } = await h.player(5000);
    const bet = await made(userId, 1000);
    const win = await h.call('bet/win', { amount: 3000, currency: 'BRL', bet_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'win', 3000) });
    expect((await h.call('bet/rollback', { bet_transaction_id: bet.id, parent_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'rollback', 1000) })).body).toMatchObject({ code: 2004 });
    expect((await h.call('bet/rollback', { bet_transaction_id: bet.id, parent_transaction_id: win.body.id, transaction: settleTransaction(userId, bet.betslip, 'rollback', 3000) })).body).toMatchObject({ balance: 4000 });
    expect((await h.call('bet/lost', { amount: 0, currency: 'BRL', bet_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'lost', 0) })).status).toBe(200);
    expect(await h.balance(userId)).toBe(4000);
  });

  it('a win the balance no longer holds is not rolled back', async () => {
    const { userId } = await h.player(1000);
    const bet = await made(userId, 1000);
    const win = await h.call('bet/win', { amount: 2000, currency: 'BRL', bet_transaction_id: bet.id, transaction: settleTransaction(userId, bet.betslip, 'win', 2000) });
    await h.call('bet/make', makeClaims(userId, { amount: 1500 }));
    expect((await h.call('bet/rollback', { bet_transaction_id: bet.id, parent_transaction_id: win.body.id, transaction: settleTransaction(userId, bet.betslip, 'rollback', 2000) })).body).toMatchObject({ code: 2001 });
    expect(await h.balance(userId)).toBe(500);
  });

  it('discard returns a made stake; a discard that came first refuses the late bet', async () => {
    const { userId } = await h.player(5000);
    const bet = await made(userId, 1000);
    expect((await h.call('bet/discard', { ext_player_id: String(userId), transaction_id: bet.claims.transaction.id, reason: 'timeout' })).body).toMatchObject({ status: 'discarded', balance: 5000 });
    expect((await h.call('bet/discard', { ext_player_id: String(userId), transaction_id: bet.claims.transaction.id, reason: 'timeout' })).body).toMatchObject({ balance: 5000 });
    const late = makeClaims(userId, { tx: uid('late') });
    expect((await h.call('bet/discard', { ext_player_id: String(userId), transaction_id: late.transaction.id, reason: 'timeout' })).status).toBe(200);
    expect((await h.call('bet/make', late)).body).toMatchObject({ code: 2004 });
    expect(await h.balance(userId)).toBe(5000);
  });

  it('keeps the brand of the tenant: another brand’s settlement is refused', async () => {
    const { userId } = await h.player(5000);
    const bet = await made(userId, 1000);
    const foreign = { ...settleTransaction(userId, bet.betslip, 'win', 10), operator_brand_id: `${BRAND}-x` };
    expect((await h.call('bet/win', { amount: 10, currency: 'BRL', bet_transaction_id: bet.id, transaction: foreign })).body).toMatchObject({ code: 2004 });
  });
});
