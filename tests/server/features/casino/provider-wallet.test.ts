import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerWalletRoutes } from '../../../../server/features/casino/provider-wallet/routes.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { signWebhook } from '../../../../server/features/payments/signature.ts';
import { listCasinoBets } from '../../../../server/features/wallet/casino-bets.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ledgerEntries, wallets } from '../../../../server/features/wallet/schema.ts';
import { gameProviders, games } from '../../../../server/features/casino/schema.ts';
import { silentLog } from '../../helpers/app.ts';
import { featureApp } from '../../helpers/feature-harness.ts';
import { type HouseHarness, houseHarness } from '../house/helpers.ts';

let h: HouseHarness;
const SECRET = 'aggregator-secret-0123456789';
beforeAll(async () => {
  h = await houseHarness();
});
afterAll(() => h.close());

async function state(userId: number) {
  const [w] = await h.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [l] = await h.db
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`, w: sql<string>`coalesce(sum(${ledgerEntries.withdrawableDelta}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  expect([BigInt(l!.s), BigInt(l!.w)]).toEqual([w!.balance, w!.balanceWithdrawal]);
  return { balance: Number(w!.balance), withdrawable: Number(w!.balanceWithdrawal) };
}

describe('seamless wallet service', () => {
  it('bet, win and rollback move once each, whatever the replays', async () => {
    const { userId } = await h.player();
    const player = { tenantId: h.tenantId, userId };
    await applyMovement(h.db, { ...player, type: 'deposit', amount: 1000, reference: 'pw-dep-1' });
    await applyMovement(h.db, { ...player, type: 'bonus', amount: 500 });
    const wallet = createSeamlessWallet(h.db, 'acme');
    expect(await wallet.balance(player)).toEqual({ balance: 1500 });
    expect(await wallet.bet(player, { roundId: 'r1', transactionId: 't1', amount: 700, game: 'Big Bass' })).toEqual({ balance: 800, replayed: false });
    expect(await wallet.bet(player, { roundId: 'r1', transactionId: 't1', amount: 700, game: 'Big Bass' })).toEqual({ balance: 800, replayed: true });
    const before = await state(userId);
    expect(await wallet.rollback(player, { transactionId: 't1' })).toEqual({ balance: 1500, replayed: false });
    expect(await wallet.rollback(player, { transactionId: 't1' })).toEqual({ balance: 1500, replayed: true });
    // The stake spent the 500 bonus first, then 200 withdrawable: the refund gives back exactly that split.
    expect(await state(userId)).toEqual({ balance: before.balance + 700, withdrawable: before.withdrawable + 200 });
    // Every stake of r1 was rolled back: nothing left to pay.
    await expect(wallet.win(player, { roundId: 'r1', transactionId: 'w-r1', amount: 100 })).rejects.toMatchObject({ status: 404, code: 'bet_not_found' });
    expect(await wallet.bet(player, { roundId: 'r2', transactionId: 't2', amount: 1100, game: 'Big Bass' })).toEqual({ balance: 400, replayed: false });
    expect(await wallet.win(player, { roundId: 'r2', transactionId: 'w1', amount: 300 })).toEqual({ balance: 700, replayed: false });
    expect(await wallet.win(player, { roundId: 'r2', transactionId: 'w1', amount: 300 })).toEqual({ balance: 700, replayed: true });
    expect(await wallet.win(player, { roundId: 'r2', transactionId: 'w0', amount: 0 })).toEqual({ balance: 700, replayed: false });
    // A replayed bet is still a replay after its round settled; another amount under its id is a conflict.
    expect(await wallet.bet(player, { roundId: 'r2', transactionId: 't2', amount: 1100, game: 'Big Bass' })).toEqual({ balance: 700, replayed: true });
    await expect(wallet.bet(player, { roundId: 'r2', transactionId: 't2', amount: 999, game: 'Big Bass' })).rejects.toMatchObject({ status: 409 });
    await expect(wallet.bet(player, { roundId: 'r3', transactionId: 't3', amount: 701, game: 'Big Bass' })).rejects.toMatchObject({ status: 422, code: 'insufficient_funds' });
    await expect(wallet.rollback(player, { transactionId: 'nope' })).rejects.toMatchObject({ status: 404, code: 'transaction_not_found' });
    const bets = await listCasinoBets(h.db, { ...player, page: 1 });
    expect(bets.data.find((b) => b.type === 'bet' && b.value === 700)).toMatchObject({ game: 'Big Bass', refunded: true });
    expect(bets.data.find((b) => b.type === 'bet' && b.value === 1100)).toMatchObject({ refunded: false });
    // Another provider's same transaction id is a different movement.
    expect((await createSeamlessWallet(h.db, 'other').bet(player, { roundId: 'r2', transactionId: 't2', amount: 100, game: 'X' })).replayed).toBe(false);
  });

  it('concurrent duplicate bets and rollbacks move once', async () => {
    const { userId } = await h.player();
    const player = { tenantId: h.tenantId, userId };
    await applyMovement(h.db, { ...player, type: 'deposit', amount: 10_000, reference: 'pw-dep-2' });
    const wallet = createSeamlessWallet(h.db, 'acme');
    const bets = await Promise.all(Array.from({ length: 20 }, () => wallet.bet(player, { roundId: 'cr', transactionId: 'ct', amount: 2500, game: 'X' })));
    expect(bets.filter((b) => !b.replayed)).toHaveLength(1);
    expect((await state(userId)).balance).toBe(7500);
    const rollbacks = await Promise.all(Array.from({ length: 20 }, () => wallet.rollback(player, { transactionId: 'ct' })));
    expect(rollbacks.filter((b) => !b.replayed)).toHaveLength(1);
    expect((await state(userId)).balance).toBe(10_000);
    const rows = await h.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.reference} like 'acme:ct%'`));
    expect(rows).toHaveLength(2);
  });
});

describe('POST /providers/{code}/wallet', () => {
  it('accepts signed calls, refuses unsigned ones and unknown providers', async () => {
    const app = featureApp(h.db, { operator: [], tenant: [providerWalletRoutes({ db: h.db, secrets: new Map([['acme', SECRET]]) })] });
    const { userId } = await h.player();
    await applyMovement(h.db, { tenantId: h.tenantId, userId, type: 'deposit', amount: 5000, reference: 'pw-dep-3' });
    const call = async (code: string, body: unknown, secret = SECRET) => {
      const raw = JSON.stringify(body);
      const res = await app.request(`/api/providers/${code}/wallet`, {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json', 'x-webhook-signature': signWebhook(raw, secret) },
        body: raw,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await call('acme', { action: 'balance', player_id: userId })).toEqual({ status: 200, body: { balance: 5000 } });
    const bet = { action: 'bet', player_id: userId, round_id: 'R-1', transaction_id: 'T-1', amount: 1200, game: 'Gates' };
    expect(await call('acme', bet)).toEqual({ status: 200, body: { balance: 3800, replayed: false } });
    expect(await call('acme', bet)).toEqual({ status: 200, body: { balance: 3800, replayed: true } });
    expect((await call('acme', { action: 'rollback', player_id: userId, transaction_id: 'T-1' })).body).toEqual({ balance: 5000, replayed: false });
    expect(await call('acme', { action: 'win', player_id: userId, round_id: 'R-1', transaction_id: 'W-1', amount: 0 })).toEqual({
      status: 404,
      body: expect.objectContaining({ error: 'bet_not_found' }),
    });
    expect(await call('acme', bet, 'wrong-secret-0123456789')).toEqual({ status: 401, body: expect.objectContaining({ error: 'invalid_signature' }) });
    expect((await call('unknown', bet)).status).toBe(401);
    expect((await call('acme', { ...bet, transaction_id: 'T-2', amount: -5 })).status).toBe(422);
    expect(await call('acme', { ...bet, transaction_id: 'T-3', amount: 10_000 })).toEqual({ status: 422, body: expect.objectContaining({ error: 'insufficient_funds' }) });
    expect((await call('acme', { action: 'balance', player_id: 99_999_999 })).status).toBe(404);
    expect((await state(userId)).balance).toBe(5000);
  });
});

describe('provider wallet events', () => {
  it('announces the new balance after each movement and feeds bets naming a catalogue game; replays announce nothing', async () => {
    const [provider] = await h.db.insert(gameProviders).values({ tenantId: h.tenantId, code: 'acme', name: 'Acme Games' }).onConflictDoNothing().returning();
    await h.db.insert(games).values({ tenantId: h.tenantId, providerId: provider!.id, gameId: 'acme-777', gamecode: 'gates-of-acme', title: 'Gates of Acme', categorySlug: 'slots', type: 'slot', image: '/games/gates-of-acme.webp', imageMobile: '/games/gates-of-acme.webp' });
    const published: Array<{ channels: string[]; event: string; data: Record<string, unknown> }> = [];
    const publish = async (channels: string[], event: string, data: unknown) => void published.push({ channels, event, data: data as Record<string, unknown> });
    const app = featureApp(h.db, { operator: [], tenant: [providerWalletRoutes({ db: h.db, secrets: new Map([['acme', SECRET]]), events: { db: h.db, publish, log: silentLog } })] });
    const { userId } = await h.player('Carla Pereira Lima');
    await applyMovement(h.db, { tenantId: h.tenantId, userId, type: 'deposit', amount: 5000, reference: 'pw-dep-ev' });
    const call = async (body: unknown) => {
      const raw = JSON.stringify(body);
      const res = await app.request('/api/providers/acme/wallet', { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/json', 'x-webhook-signature': signWebhook(raw, SECRET) }, body: raw });
      expect(res.status).toBe(200);
    };
    const bet = { action: 'bet', player_id: userId, round_id: 'EV-1', transaction_id: 'EV-T1', amount: 1000, game: 'Gates of Acme', game_id: 'acme-777' };
    await call(bet);
    await call(bet);
    await call({ action: 'win', player_id: userId, round_id: 'EV-1', transaction_id: 'EV-W1', amount: 2500, game_id: 'acme-777' });
    // A bet without the catalogue id moves money and the balance, but stays out of the feed.
    await call({ action: 'bet', player_id: userId, round_id: 'EV-2', transaction_id: 'EV-T2', amount: 100, game: 'Unknown' });
    await call({ action: 'rollback', player_id: userId, transaction_id: 'EV-T2' });

    const balances = published.filter((p) => p.event === 'App\\Events\\BalanceUpdated');
    expect(balances.map((p) => (p.data.wallet as { balance: number }).balance)).toEqual([4000, 6500, 6400, 6500]);
    for (const p of balances) expect(p.channels).toEqual([`private-universal.${userId}`]);
    const feed = published.filter((p) => p.event === 'App\\Events\\BetPlaced');
    expect(feed.map((p) => p.data)).toEqual([
      expect.objectContaining({ type: 'bet', transaction: 'acme:EV-1', amount: 1000, user: { name: 'Carla' }, game: { title: 'Gates of Acme', gamecode: 'gates-of-acme', providercode: 'acme' } }),
      expect.objectContaining({ type: 'win', transaction: 'acme:EV-1', amount: 2500 }),
    ]);
    expect(feed[0]!.channels).toEqual([`universal-public.${h.casinoId}`]);
  });
});
