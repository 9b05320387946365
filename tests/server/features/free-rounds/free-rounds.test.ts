import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseParams } from '../../../../src/contract/casino.ts';
import type { Db } from '../../../../server/db/open.ts';
import { coupons, freeRoundGrants, freeRoundPlays, houseRounds, ledgerEntries, playerBonuses, tenants, wallets } from '../../../../server/db/schema.ts';
import { couponOperatorRoutes } from '../../../../server/features/bonuses/operator-routes.ts';
import { couponRoutes } from '../../../../server/features/bonuses/routes.ts';
import { grantFreeRounds } from '../../../../server/features/free-rounds/grant.ts';
import { decideRound } from '../../../../server/features/house/games/outcome.ts';
import { houseRoutes } from '../../../../server/features/house/routes.ts';
import { forgetCachedTenants } from '../../../../server/features/tenants/tenant-cache.ts';
import { walletRoutes } from '../../../../server/features/wallet/routes.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type Answer, featureApp, jsonCaller, playerMaker, recordingPublisher, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

/**
 * Free rounds of a house game as a coupon reward (issue 18), through the real
 * routes: the operator's coupon API, check-coupon, GET /bonuses/coupons and
 * POST /house/{game}/play {free_round: true}. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (true concurrency).
 */
let tdb: TestDatabase;
let db: Db;
let open: Tenant;
let regulated: Tenant;
let call: (method: string, path: string, headers: Record<string, string>, body?: unknown) => Promise<Answer>;
let makePlayer: ReturnType<typeof playerMaker>;

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  const both = await twoDemoTenants(db);
  open = both.local;
  regulated = both.sorte;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, open.id));
  await db.update(tenants).set({ config: { ...row!.config, is_regulated: false } }).where(eq(tenants.id, open.id));
  forgetCachedTenants();
  const recorder = recordingPublisher();
  const app = featureApp(db, {
    operator: [couponOperatorRoutes({ db })],
    tenant: [couponRoutes({ db }), walletRoutes({ db }), houseRoutes({ db, publish: recorder.publish, log: silentLog })],
  });
  call = jsonCaller(app);
  makePlayer = playerMaker(db);
});
afterAll(() => tdb.close());

const operator = (t: Tenant) => ({ host: t.host, 'x-operator-key': t.key });
async function player(t: Tenant = open) {
  const p = await makePlayer(t);
  return { userId: p.userId, headers: { host: t.host, authorization: `Bearer ${p.token}` } };
}
const reward = (over: Record<string, unknown> = {}) => ({ kind: 'free_rounds', game: 'dice', rounds: 3, stake: 100, rollover_multiplier: 2, expires_days: 7, ...over });
const coupon = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  description: { pt: 'Rodadas grátis de Dice', en: 'Dice free rounds' },
  reward: reward(over),
  public: true,
});
const check = (headers: Record<string, string>, code: string, lang = 'pt-BR') => call('POST', '/bonuses/check-coupon', { ...headers, 'accept-language': lang }, { coupon: code });
/** Dice under 98.00: wins 98 % of the time (a free round's win is what these tests look at). */
const DICE = { target: 9800, direction: 'under' } as const;
const playFree = (headers: Record<string, string>, game = 'dice', params: unknown = DICE, extra: Record<string, unknown> = {}) =>
  call('POST', `/house/${game}/play`, headers, { free_round: true, params, ...extra });

async function ledger(userId: number) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
}

describe('free-rounds coupons (operator)', () => {
  it('creates one, and refuses bad rewards field by field (422 pt/en, nothing written)', async () => {
    const made = await call('POST', '/operator/coupons', operator(open), coupon('GIRA3'));
    expect(made.status).toBe(201);
    expect(made.body.coupon).toMatchObject({ code: 'GIRA3', reward: reward() });
    const bad: [Record<string, unknown>, string, string][] = [
      [{ game: 'roleta' }, 'reward.game', 'Escolha um jogo da casa: dice, limbo ou plinko.'],
      [{ rounds: 0 }, 'reward.rounds', 'Informe de 1 a 1.000 rodadas.'],
      [{ rounds: 1001 }, 'reward.rounds', 'Informe de 1 a 1.000 rodadas.'],
      [{ rounds: 2.5 }, 'reward.rounds', 'Informe de 1 a 1.000 rodadas.'],
      [{ stake: 9 }, 'reward.stake', 'Informe a aposta por rodada em centavos, de 10 (R$ 0,10) a 100.000 (R$ 1.000,00).'],
      [{ stake: 100_001 }, 'reward.stake', 'Informe a aposta por rodada em centavos, de 10 (R$ 0,10) a 100.000 (R$ 1.000,00).'],
      [{ rollover_multiplier: 0 }, 'reward.rollover_multiplier', 'Use um multiplicador de 1 a 100, em passos de 0,5: o ganho de uma rodada grátis é bônus com rollover.'],
      [{ rollover_multiplier: 1.3 }, 'reward.rollover_multiplier', 'Use um multiplicador de 1 a 100, em passos de 0,5: o ganho de uma rodada grátis é bônus com rollover.'],
      [{ expires_days: 0 }, 'reward.expires_days', 'Informe de 1 a 365 dias.'],
    ];
    for (const [over, field, message] of bad) {
      const refused = await call('POST', '/operator/coupons', { ...operator(open), 'accept-language': 'pt-BR' }, coupon('RUIM1', over));
      expect(refused.status, JSON.stringify(over)).toBe(422);
      expect((refused.body.errors as Record<string, string[]>)[field], JSON.stringify(refused.body)).toEqual([message]);
    }
    const en = await call('POST', '/operator/coupons', { ...operator(open), 'accept-language': 'en' }, coupon('RUIM1', { stake: 5 }));
    expect(en.body.errors).toEqual({ 'reward.stake': ['Give the stake per round in centavos, from 10 (R$ 0.10) to 100,000 (R$ 1,000.00).'] });
    expect(await db.select().from(coupons).where(eq(coupons.code, 'RUIM1'))).toEqual([]);
  });

  it('on a regulated tenant refuses a live free-rounds coupon (403 with the law)', async () => {
    const refused = await call('POST', '/operator/coupons', operator(regulated), coupon('GIRAREG'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('14.790');
    const points = await call('POST', '/operator/coupons', operator(regulated), { ...coupon('PONTOSREG'), reward: { kind: 'vip_points', points: 10 } });
    expect(points.status).toBe(201);
    expect((await call('PATCH', '/operator/coupons/PONTOSREG', operator(regulated), { reward: reward() })).status).toBe(403);
  });
});

describe('redeeming and playing free rounds', () => {
  it('redeem → a grant (no money moves); play until none is left, each win bonus money with a rollover, never cash', async () => {
    const p = await player();
    const redeemed = await check(p.headers, 'gira3');
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ coupon: 'GIRA3', reward: reward(), bonus: null, free_rounds: { game: 'dice', rounds: 3, rounds_left: 3, stake: 100, rollover_multiplier: 2, coupon: 'GIRA3' } });
    expect(redeemed.body.message).toMatch(/^Cupom aplicado: 3 rodadas grátis de Dice, R\$\s1,00 cada, até \d{2}\/\d{2}\/\d{4}\.$/);
    expect((await check(p.headers, 'GIRA3', 'en')).body).toMatchObject({ code: 'coupon_already_used' });
    expect(await ledger(p.userId)).toEqual([]);

    const listed = await call('GET', '/bonuses/coupons', p.headers);
    expect(listed.body.free_rounds).toEqual([expect.objectContaining({ game: 'dice', rounds_left: 3, stake: 100, coupon: 'GIRA3' })]);
    const expiresAt = Date.parse((listed.body.free_rounds as { expires_at: string }[])[0]!.expires_at);
    expect(Math.abs(expiresAt - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    // Another game has none.
    expect(await playFree(p.headers, 'limbo', { target: 20000 })).toMatchObject({ status: 409, body: { code: 'no_free_rounds', message: 'Você não tem rodadas grátis deste jogo.' } });

    let bonusTotal = 0n;
    for (const left of [2, 1, 0]) {
      const played = await playFree(p.headers);
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      const round = played.body.round as { id: number; amount: number; payout: number; demo: boolean };
      const free = played.body.free_round as { grant: { rounds_left: number }; bonus: { amount: number; rollover_required: number; status: string; description: string } | null };
      expect(round).toMatchObject({ amount: 100, demo: false });
      expect(free.grant.rounds_left).toBe(left);
      if (round.payout > 0) {
        expect(free.bonus).toMatchObject({ amount: round.payout, rollover_required: round.payout * 2, status: 'active', description: 'GIRA3 · Dice' });
        bonusTotal += BigInt(round.payout);
      } else {
        expect(free.bonus).toBeNull();
      }
      expect(played.body.wallet).toMatchObject({ balance: Number(bonusTotal), balance_withdrawal: 0 });
    }
    const none = await playFree(p.headers, 'dice', DICE, { lang: 'x' });
    expect(none.status).toBe(409);
    expect((await call('POST', '/house/dice/play', { ...p.headers, 'accept-language': 'en' }, { free_round: true, params: DICE })).body.message).toBe('You have no free rounds of this game.');
    expect((await call('GET', '/bonuses/coupons', p.headers)).body.free_rounds).toEqual([]);

    // The ledger: no bet, no win — only bonus credits of the wins; the wallet's withdrawable part untouched.
    const rows = await ledger(p.userId);
    expect(rows.every((r) => r.type === 'bonus' && r.amount > 0n)).toBe(true);
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(bonusTotal);
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, p.userId));
    expect(wallet).toMatchObject({ balance: bonusTotal, balanceWithdrawal: 0n });
    const bonuses = await db.select().from(playerBonuses).where(eq(playerBonuses.userId, p.userId));
    expect(bonuses.reduce((s, b) => s + BigInt(b.amount), 0n)).toBe(bonusTotal);
    expect(bonuses.every((b) => b.source === 'coupon' && b.rolloverRequired === b.amount * 2 && b.expiresAt !== null)).toBe(true);

    // The same provably fair draw: after rotating, every stored round recomputes from its revealed seeds and nonce.
    const rounds = await db.select().from(houseRounds).where(eq(houseRounds.userId, p.userId)).orderBy(houseRounds.id);
    expect(rounds.map((r) => r.nonce)).toEqual([0, 1, 2]);
    const rotated = await call('POST', '/house/fairness/rotate', p.headers);
    const revealed = rotated.body.revealed as { server_seed: string; client_seed: string };
    for (const r of rounds) {
      const again = decideRound({ serverSeed: revealed.server_seed, clientSeed: revealed.client_seed, nonce: r.nonce }, { game: 'dice', params: DICE } as HouseParams);
      expect(again.outcome).toEqual(r.outcome);
      expect(r.payout).toBe((100n * BigInt(again.multiplier)) / 10000n);
    }
    const plays = await db.select().from(freeRoundPlays).orderBy(freeRoundPlays.seq);
    expect(plays.filter((x) => rounds.some((r) => r.id === x.roundId)).map((x) => x.seq)).toEqual([1, 2, 3]);
  });

  it('concurrent plays consume a free round exactly once', async () => {
    await call('POST', '/operator/coupons', operator(open), coupon('UMAGIRA', { rounds: 1 }));
    await call('POST', '/operator/coupons', operator(open), coupon('TRESGIRAS', { rounds: 3, game: 'limbo', stake: 50 }));
    const p = await player();
    expect((await check(p.headers, 'UMAGIRA')).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => playFree(p.headers)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'no_free_rounds')).toHaveLength(5);

    expect((await check(p.headers, 'TRESGIRAS')).status).toBe(200);
    const limbo = await Promise.all(Array.from({ length: 8 }, () => playFree(p.headers, 'limbo', { target: 10100 })));
    expect(limbo.filter((a) => a.status === 200)).toHaveLength(3);
    const grants = await db.select().from(freeRoundGrants).where(eq(freeRoundGrants.userId, p.userId));
    expect(grants.map((g) => g.roundsLeft)).toEqual([0, 0]);
    const rounds = await db.select().from(houseRounds).where(eq(houseRounds.userId, p.userId));
    expect(rounds).toHaveLength(4);
    const plays = await db
      .select()
      .from(freeRoundPlays)
      .where(
        and(
          eq(freeRoundPlays.grantId, grants.find((g) => g.game === 'limbo')!.id),
        ),
      );
    expect(plays.map((x) => x.seq).sort()).toEqual([1, 2, 3]);
    // Every bonus row matches a paying round, once.
    const paid = rounds.filter((r) => r.payout > 0n);
    expect((await ledger(p.userId)).map((r) => r.amount).sort()).toEqual(paid.map((r) => r.payout).sort());
  });

  it('refuses bad plays: a visitor (401), demo (422), bad params (422), nothing consumed', async () => {
    const p = await player();
    expect((await check(p.headers, 'GIRA3')).status).toBe(200);
    expect((await call('POST', '/house/dice/play', { host: open.host, 'guest-id': 'g-1234567890' }, { free_round: true, params: DICE })).status).toBe(401);
    const demo = await call('POST', '/house/dice/play', { ...p.headers, 'accept-language': 'en' }, { free_round: true, demo: true, params: DICE });
    expect(demo).toMatchObject({ status: 422, body: { errors: { demo: ['Free rounds cannot be played in demo mode.'] } } });
    const badParams = await call('POST', '/house/dice/play', { ...p.headers, 'accept-language': 'pt-BR' }, { free_round: true, params: { target: 1, direction: 'under' } });
    expect(badParams).toMatchObject({ status: 422, body: { errors: { 'params.target': ['O alvo deve estar entre 2,00 e 98,00.'] } } });
    const flag = await call('POST', '/house/dice/play', { ...p.headers, 'accept-language': 'pt-BR' }, { free_round: 'yes', params: DICE });
    expect(flag).toMatchObject({ status: 422, body: { errors: { free_round: ['Use true para jogar uma rodada grátis.'] } } });
    // A paid round is still a paid round (free_round false): refused here for lack of money, grant untouched.
    expect((await call('POST', '/house/dice/play', p.headers, { free_round: false, amount: 100, params: DICE })).status).toBe(422);
    const [grant] = await db.select().from(freeRoundGrants).where(eq(freeRoundGrants.userId, p.userId));
    expect(grant!.roundsLeft).toBe(3);
    expect(await db.select().from(houseRounds).where(eq(houseRounds.userId, p.userId))).toEqual([]);
  });

  it('an expired grant is neither listed nor playable', async () => {
    const p = await player();
    const [made] = await db.select().from(coupons).where(and(eq(coupons.tenantId, open.id), eq(coupons.code, 'GIRA3')));
    const past = new Date(Date.now() - 8 * 86_400_000);
    await grantFreeRounds(db, { tenantId: open.id, userId: p.userId, source: 'coupon', sourceRef: 'old:1', couponId: made!.id, reward: reward() as never, now: past });
    await grantFreeRounds(db, { tenantId: open.id, userId: p.userId, source: 'operator', sourceRef: 'soon:1', couponId: null, reward: reward({ rounds: 1, expires_days: 1 }) as never, now: new Date(Date.now() - 86_400_000 + 60_000) });
    const listed = (await call('GET', '/bonuses/coupons', p.headers)).body.free_rounds as { rounds_left: number; coupon: string | null }[];
    expect(listed).toEqual([expect.objectContaining({ rounds_left: 1, coupon: null })]);
    expect((await playFree(p.headers)).status).toBe(200);
    expect((await playFree(p.headers)).status).toBe(409);
    const grants = await db.select().from(freeRoundGrants).where(eq(freeRoundGrants.userId, p.userId)).orderBy(freeRoundGrants.id);
    expect(grants.map((g) => g.roundsLeft)).toEqual([3, 0]);
  });

  it('grants idempotently, also concurrently', async () => {
    const p = await player();
    const input = { tenantId: open.id, userId: p.userId, source: 'operator' as const, sourceRef: 'campaign:7', couponId: null, reward: reward() as never };
    const results = await Promise.all(Array.from({ length: 5 }, () => grantFreeRounds(db, input)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.grant.id)).size).toBe(1);
    expect(await db.select().from(freeRoundGrants).where(eq(freeRoundGrants.userId, p.userId))).toHaveLength(1);
  });

  it('on a regulated tenant: redeeming and playing are refused (403), nothing written', async () => {
    const [made] = await db
      .insert(coupons)
      .values({ tenantId: regulated.id, code: 'GIRAANTIGA', description: { pt: 'x', en: 'x' }, reward: reward() as never })
      .returning();
    const p = await player(regulated);
    const refused = await check(p.headers, 'GIRAANTIGA');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).');
    expect((await db.select().from(coupons).where(eq(coupons.id, made!.id)))[0]!.uses).toBe(0);
    expect(await db.select().from(freeRoundGrants).where(eq(freeRoundGrants.userId, p.userId))).toEqual([]);
    await expect(grantFreeRounds(db, { tenantId: regulated.id, userId: p.userId, source: 'operator', sourceRef: 'x', couponId: null, reward: reward() as never })).rejects.toMatchObject({ code: 'bonus_not_allowed' });
    // A grant from before the tenant was regulated cannot be played either.
    await db.insert(freeRoundGrants).values({ tenantId: regulated.id, userId: p.userId, source: 'operator', sourceRef: 'before', game: 'dice', stake: 100, rounds: 2, roundsLeft: 2, rolloverMultiplier: 1, bonusExpiresDays: 1, expiresAt: new Date(Date.now() + 86_400_000) });
    expect(await playFree(p.headers)).toMatchObject({ status: 403, body: { message: 'Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).' } });
    expect((await db.select().from(freeRoundGrants).where(eq(freeRoundGrants.userId, p.userId)))[0]!.roundsLeft).toBe(2);
    expect(await ledger(p.userId)).toEqual([]);
    expect((await call('GET', '/bonuses/coupons', p.headers)).body.data).not.toContainEqual(expect.objectContaining({ code: 'GIRAANTIGA' }));
  });
});
