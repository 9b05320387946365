import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAggregatorRegistry } from '../../../../server/features/casino/aggregators/registry.ts';
import { providerWalletRoutes } from '../../../../server/features/casino/provider-wallet/routes.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { signWebhook } from '../../../../server/features/payments/signature.ts';
import { listCasinoBets } from '../../../../server/features/wallet/casino-bets.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ledgerEntries, wallets } from '../../../../server/features/wallet/schema.ts';
import { gameProviders, games } from '../../../../server/features/casino/schema.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { silentLog, testApp, testConfig } from '../../helpers/app.ts';
import { demoTenant, featureApp, playerMaker } from '../../helpers/feature-harness.ts';
import { type HouseHarness, houseHarness } from '../house/helpers.ts';

let h: HouseHarness;
const SECRET = 'aggregator-secret-0123456789';
/** `acme` integrated directly: the standard signature with its GAME_PROVIDER_SECRETS key. */
const acmeVerifier = createAggregatorRegistry(testConfig({ GAME_AGGREGATOR: 'none', GAME_PROVIDER_SECRETS: `acme:${SECRET}` }), []).walletVerifier;
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
    await expect(wallet.bet(player, { roundId: 'r3', transactionId: 't3', amount: 701, game: 'Big Bass' })).rejects.toMatchObject({
      status: 422,
      code: 'insufficient_funds',
    });
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
    const rows = await h.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.reference} like 'acme:ct%'`));
    expect(rows).toHaveLength(2);
  });
});

describe('POST /providers/{code}/wallet', () => {
  it('accepts signed calls, refuses unsigned ones and unknown providers', async () => {
    const app = featureApp(h.db, { operator: [], tenant: [providerWalletRoutes({ db: h.db, walletVerifier: acmeVerifier })] });
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
    expect(await call('acme', { ...bet, transaction_id: 'T-3', amount: 10_000 })).toEqual({
      status: 422,
      body: expect.objectContaining({ error: 'insufficient_funds' }),
    });
    expect((await call('acme', { action: 'balance', player_id: 99_999_999 })).status).toBe(404);
    expect((await state(userId)).balance).toBe(5000);
  });
});

describe('provider wallet events', () => {
  it('announces the new balance after each movement and feeds bets naming a catalogue game; replays announce nothing', async () => {
    const [provider] = await h.db.insert(gameProviders).values({ tenantId: h.tenantId, code: 'acme', name: 'Acme Games' }).onConflictDoNothing().returning();
    await h.db
      .insert(games)
      .values({
        tenantId: h.tenantId,
        providerId: provider!.id,
        gameId: 'acme-777',
        gamecode: 'gates-of-acme',
        title: 'Gates of Acme',
        categorySlug: 'slots',
        type: 'slot',
        image: '/games/gates-of-acme.webp',
        imageMobile: '/games/gates-of-acme.webp',
      });
    const published: Array<{ channels: string[]; event: string; data: Record<string, unknown> }> = [];
    const publish = async (channels: string[], event: string, data: unknown) => void published.push({ channels, event, data: data as Record<string, unknown> });
    const app = featureApp(h.db, {
      operator: [],
      tenant: [providerWalletRoutes({ db: h.db, walletVerifier: acmeVerifier, events: { db: h.db, publish, log: silentLog } })],
    });
    const { userId } = await h.player('Carla Pereira Lima');
    await applyMovement(h.db, { tenantId: h.tenantId, userId, type: 'deposit', amount: 5000, reference: 'pw-dep-ev' });
    const call = async (body: unknown) => {
      const raw = JSON.stringify(body);
      const res = await app.request('/api/providers/acme/wallet', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json', 'x-webhook-signature': signWebhook(raw, SECRET) },
        body: raw,
      });
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
      expect.objectContaining({
        type: 'bet',
        transaction: 'acme:EV-1',
        amount: 1000,
        user: { name: 'Carla' },
        game: { title: 'Gates of Acme', gamecode: 'gates-of-acme', providercode: 'acme' },
      }),
      expect.objectContaining({ type: 'win', transaction: 'acme:EV-1', amount: 2500 }),
    ]);
    expect(feed[0]!.channels).toEqual([`universal-public.${h.casinoId}`]);
  });
});

describe('seamless wallet correctness, through the platform app', () => {
  const env = { GAME_PROVIDER_SECRETS: `acme:${SECRET}` };
  const OPERATOR_KEY = demoOperatorKey('localhost');
  let app: ReturnType<typeof testApp>;
  beforeAll(() => {
    app = testApp(h.db, { env });
  });

  const wallet = async (body: Record<string, unknown>, host = 'localhost') => {
    const raw = JSON.stringify(body);
    const res = await app.request('/api/providers/acme/wallet', {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', 'x-webhook-signature': signWebhook(raw, SECRET) },
      body: raw,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const operator = async (method: string, path: string, lang = 'pt-BR') => {
    const res = await app.request(`/api/operator/provider-wins${path}`, {
      method,
      headers: { host: 'localhost', 'x-operator-key': OPERATOR_KEY, 'accept-language': lang },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const ledgerRows = async (userId: number) => (await h.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;
  const funded = async (amount: number, tag: string) => {
    const { userId } = await h.player();
    await applyMovement(h.db, { tenantId: h.tenantId, userId, type: 'deposit', amount, reference: `pwc-${tag}` });
    return userId;
  };
  const bet = (userId: number, round: string, tx: string, amount: number, extra: Record<string, unknown> = {}) =>
    wallet({ action: 'bet', player_id: userId, round_id: round, transaction_id: tx, amount, game: 'Gates of Acme', ...extra });
  const win = (userId: number, round: string, tx: string, amount: number, extra: Record<string, unknown> = {}) =>
    wallet({ action: 'win', player_id: userId, round_id: round, transaction_id: tx, amount, ...extra });
  const rollback = (userId: number, tx: string) => wallet({ action: 'rollback', player_id: userId, transaction_id: tx });

  it('a win for a round the platform never saw, another player’s round or another game is refused; nothing moves', async () => {
    const userId = await funded(1000, 'nobet');
    const rows = await ledgerRows(userId);
    expect(await win(userId, 'GHOST-1', 'GHOST-W1', 500_000)).toEqual({ status: 404, body: expect.objectContaining({ error: 'bet_not_found' }) });
    const other = await funded(1000, 'nobet-other');
    expect((await bet(other, 'THEIRS-1', 'THEIRS-T1', 100, { game_id: 'acme-777' })).status).toBe(200);
    expect(await win(userId, 'THEIRS-1', 'THEIRS-W1', 200)).toMatchObject({ status: 404, body: { error: 'bet_not_found' } });
    expect(await win(other, 'THEIRS-1', 'THEIRS-W2', 200, { game_id: 'acme-999' })).toMatchObject({ status: 404, body: { error: 'bet_not_found' } });
    expect(await state(userId)).toEqual({ balance: 1000, withdrawable: 1000 });
    expect(await ledgerRows(userId)).toBe(rows);
    expect((await state(other)).balance).toBe(900);
  });

  it('a rollback after a win never refunds the stake; a win rollback takes back that win once, or is refused when spent', async () => {
    const userId = await funded(2000, 'rb');
    await bet(userId, 'RB-1', 'RB-T1', 1000);
    expect((await win(userId, 'RB-1', 'RB-W1', 1500)).body).toEqual({ balance: 2500, replayed: false });
    expect(await rollback(userId, 'RB-T1')).toEqual({ status: 409, body: expect.objectContaining({ error: 'round_settled' }) });
    expect((await state(userId)).balance).toBe(2500);
    // The win itself is reversed, exactly once; the stake stays spent.
    expect(await rollback(userId, 'RB-W1')).toEqual({ status: 200, body: { balance: 1000, replayed: false } });
    expect(await rollback(userId, 'RB-W1')).toEqual({ status: 200, body: { balance: 1000, replayed: true } });
    expect(await rollback(userId, 'RB-T1')).toMatchObject({ status: 409, body: { error: 'round_settled' } });
    expect(await state(userId)).toEqual({ balance: 1000, withdrawable: 1000 });
    // A lost round (a 0 win ends it) keeps its stake too.
    await bet(userId, 'RB-2', 'RB-T2', 100);
    await win(userId, 'RB-2', 'RB-W2', 0);
    expect(await rollback(userId, 'RB-T2')).toMatchObject({ status: 409, body: { error: 'round_settled' } });
    // A win already withdrawn (here: bet away) cannot be taken back: refused, nothing moves.
    await bet(userId, 'RB-3', 'RB-T3', 900);
    await win(userId, 'RB-3', 'RB-W3', 2000);
    await bet(userId, 'RB-4', 'RB-T4', 1500);
    expect(await rollback(userId, 'RB-W3')).toEqual({ status: 422, body: expect.objectContaining({ error: 'insufficient_funds' }) });
    expect(await state(userId)).toEqual({ balance: 500, withdrawable: 500 });
    const bets = await listCasinoBets(h.db, { tenantId: h.tenantId, userId, page: 1 });
    expect(bets.data.filter((b) => b.type === 'win').map((b) => [b.value, b.refunded])).toEqual([
      [2000, false],
      [1500, true],
    ]);
  });

  it('concurrent duplicate wins with one transaction id credit once; a settled round takes no new bet', async () => {
    const userId = await funded(1000, 'dupwin');
    await bet(userId, 'DW-1', 'DW-T1', 500);
    const answers = await Promise.all(Array.from({ length: 12 }, () => win(userId, 'DW-1', 'DW-W1', 700)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
    expect(await state(userId)).toEqual({ balance: 1200, withdrawable: 1200 });
    expect(await win(userId, 'DW-1', 'DW-W1', 900)).toMatchObject({ status: 409, body: { error: 'reference_conflict' } });
    expect(await bet(userId, 'DW-1', 'DW-T2', 100)).toMatchObject({ status: 409, body: { error: 'round_settled' } });
    expect((await state(userId)).balance).toBe(1200);
  });

  it('a self-excluded player’s bet is refused with the protocol code; nothing moves', async () => {
    const userId = await funded(1000, 'selfex');
    await bet(userId, 'SX-1', 'SX-T1', 100);
    await h.db
      .update(users)
      .set({ selfExclusionStartAt: new Date(), selfExclusionEndAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, userId));
    const rows = await ledgerRows(userId);
    expect(await bet(userId, 'SX-2', 'SX-T2', 100)).toEqual({ status: 403, body: expect.objectContaining({ error: 'player_self_excluded' }) });
    expect(await ledgerRows(userId)).toBe(rows);
    // The round already open still settles.
    expect((await win(userId, 'SX-1', 'SX-W1', 150)).body).toEqual({ balance: 1050, replayed: false });
  });

  it('a blocked player’s bet is refused with the protocol code; the open round still settles', async () => {
    const userId = await funded(1000, 'blocked');
    await bet(userId, 'BL-1', 'BL-T1', 100);
    await h.db.update(users).set({ blockedAt: new Date(), blockedReason: 'Fraude.' }).where(eq(users.id, userId));
    const rows = await ledgerRows(userId);
    expect(await bet(userId, 'BL-2', 'BL-T2', 100)).toEqual({ status: 403, body: expect.objectContaining({ error: 'player_blocked' }) });
    expect(await ledgerRows(userId)).toBe(rows);
    expect((await win(userId, 'BL-1', 'BL-W1', 150)).body).toEqual({ balance: 1050, replayed: false });
  });

  it('in maintenance, open rounds settle (win, refund, rollback) while new bets are refused', async () => {
    const paused = await demoTenant(h.db, 'manutencao.localhost');
    const { userId } = await playerMaker(h.db)(paused, { name: 'Paula Manutenção' });
    const player = { tenantId: paused.id, userId };
    await applyMovement(h.db, { ...player, type: 'deposit', amount: 3000, reference: 'pwc-maint' });
    // Rounds opened before the pause.
    const service = createSeamlessWallet(h.db, 'acme');
    await service.bet(player, { roundId: 'M-1', transactionId: 'M-T1', amount: 1000, game: 'Gates' });
    await service.bet(player, { roundId: 'M-2', transactionId: 'M-T2', amount: 500, game: 'Gates' });
    await service.bet(player, { roundId: 'M-3', transactionId: 'M-T3', amount: 200, game: 'Gates' });
    const host = 'manutencao.localhost';
    expect(await wallet({ action: 'balance', player_id: userId }, host)).toEqual({ status: 200, body: { balance: 1300 } });
    expect(await wallet({ action: 'bet', player_id: userId, round_id: 'M-4', transaction_id: 'M-T4', amount: 100, game: 'Gates' }, host)).toEqual({
      status: 403,
      body: expect.objectContaining({ error: 'betting_suspended' }),
    });
    expect(await wallet({ action: 'win', player_id: userId, round_id: 'M-1', transaction_id: 'M-W1', amount: 2500 }, host)).toEqual({
      status: 200,
      body: { balance: 3800, replayed: false },
    });
    expect(await wallet({ action: 'rollback', player_id: userId, transaction_id: 'M-T2' }, host)).toEqual({
      status: 200,
      body: { balance: 4300, replayed: false },
    });
    expect(await wallet({ action: 'win', player_id: userId, round_id: 'M-3', transaction_id: 'M-W3', amount: 0 }, host)).toEqual({
      status: 200,
      body: { balance: 4300, replayed: false },
    });
    expect(await wallet({ action: 'rollback', player_id: userId, transaction_id: 'M-W1' }, host)).toEqual({
      status: 200,
      body: { balance: 1800, replayed: false },
    });
    // The players' own API stays closed.
    expect((await app.request('/api/wallet/bets', { headers: { host } })).status).toBe(402);
  });

  it('a win above the game’s maximum multiplier × stake is held; approval credits once, rejection credits nothing', async () => {
    const [provider] = await h.db.insert(gameProviders).values({ tenantId: h.tenantId, code: 'acme', name: 'Acme Games' }).onConflictDoNothing().returning();
    const providerId =
      provider?.id ??
      (
        await h.db
          .select()
          .from(gameProviders)
          .where(and(eq(gameProviders.tenantId, h.tenantId), eq(gameProviders.code, 'acme')))
      )[0]!.id;
    await h.db
      .insert(games)
      .values({
        tenantId: h.tenantId,
        providerId,
        gameId: 'acme-table',
        gamecode: 'acme-roulette',
        title: 'Acme Roulette',
        categorySlug: 'table-games',
        type: 'table',
        image: '/g.webp',
        imageMobile: '/g.webp',
        maxMultiplier: 36,
      });
    const userId = await funded(1000, 'held');
    // Within the cap (36 × 100): credited.
    await bet(userId, 'H-1', 'H-T1', 100, { game_id: 'acme-table' });
    expect((await win(userId, 'H-1', 'H-W1', 3600, { game_id: 'acme-table' })).body).toEqual({ balance: 4500, replayed: false });
    // Above it: held, not credited, the same answer on a retry.
    await bet(userId, 'H-2', 'H-T2', 100, { game_id: 'acme-table' });
    expect(await win(userId, 'H-2', 'H-W2', 500_000, { game_id: 'acme-table' })).toEqual({ status: 200, body: { balance: 4400, replayed: false, held: true } });
    expect(await win(userId, 'H-2', 'H-W2', 500_000, { game_id: 'acme-table' })).toEqual({ status: 200, body: { balance: 4400, replayed: true, held: true } });
    // A game without a catalogue id is capped at 1000 × stake.
    await bet(userId, 'H-3', 'H-T3', 10);
    expect((await win(userId, 'H-3', 'H-W3', 10_001)).body).toMatchObject({ held: true });
    expect(await state(userId)).toEqual({ balance: 4390, withdrawable: 4390 });

    const list = await operator('GET', '?status=held');
    expect(list.status).toBe(200);
    const held = (list.body.data as Array<Record<string, unknown>>).filter((w) => w.player_id === userId);
    expect(held.map((w) => [w.transaction_id, w.amount, w.stake, w.max_multiplier, w.status, w.round_id, w.game])).toEqual([
      ['H-W3', 10_001, 10, 1000, 'held', 'H-3', 'Gates of Acme'],
      ['H-W2', 500_000, 100, 36, 'held', 'H-2', 'Gates of Acme'],
    ]);
    const [w3, w2] = held.map((w) => w.id as number);
    const approved = await Promise.all([operator('POST', `/${w2}/approve`), operator('POST', `/${w2}/approve`)]);
    expect(approved.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(approved.find((a) => a.status === 409)!.body).toMatchObject({ message: 'Este prêmio já foi revisado.', status: 'approved' });
    expect(approved.find((a) => a.status === 200)!.body.win).toMatchObject({ id: w2, status: 'approved' });
    expect(await state(userId)).toEqual({ balance: 504_390, withdrawable: 504_390 });
    // The provider's retry of the approved win is a replay, not a second credit.
    expect(await win(userId, 'H-2', 'H-W2', 500_000, { game_id: 'acme-table' })).toEqual({ status: 200, body: { balance: 504_390, replayed: true } });
    expect((await operator('POST', `/${w3}/reject`)).body.win).toMatchObject({ status: 'rejected' });
    expect(await operator('POST', `/${w3}/approve`, 'en-US')).toMatchObject({ status: 409, body: { message: 'This win has already been reviewed.' } });
    expect((await state(userId)).balance).toBe(504_390);
    expect(await operator('POST', '/99999999/approve')).toMatchObject({ status: 404, body: { message: 'Prêmio retido não encontrado.' } });
    expect((await operator('GET', '?status=bogus')).status).toBe(422);
    expect((await app.request('/api/operator/provider-wins', { headers: { host: 'localhost' } })).status).toBe(401);
  });
});
