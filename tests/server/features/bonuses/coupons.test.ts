import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, playerBonuses, users, vipPointEntries } from '../../../../server/db/schema.ts';
import { addRolloverProgress } from '../../../../server/features/bonuses/rollover.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { type BonusHarness, bonusHarness, couponBody } from './harness.ts';

let h: BonusHarness;
beforeAll(async () => {
  h = await bonusHarness();
});
afterAll(() => h.close());

const create = (body: Record<string, unknown>, tenant = h.open) => h.call('POST', '/operator/coupons', h.operator(tenant), body);
const check = (headers: Record<string, string>, coupon: unknown, lang = 'pt-BR') => h.call('POST', '/bonuses/check-coupon', { ...headers, 'accept-language': lang }, { coupon });

describe('operator coupons', () => {
  it('creates a coupon with its code normalised, refuses a taken code and bad input (422, nothing written)', async () => {
    const made = await create(couponBody({ code: ' welcome5 ', max_uses: 100 }));
    expect(made.status).toBe(201);
    expect(made.body.coupon).toMatchObject({ code: 'WELCOME5', uses: 0, max_uses: 100, max_uses_per_player: 1, active: true, public: true });
    expect((await create(couponBody({ code: 'WELCOME5' }))).status).toBe(409);
    for (const bad of [
      couponBody({ code: 'ab' }),
      couponBody({ code: 'BAD-CODE' }),
      couponBody({ code: 'X'.repeat(21) }),
      couponBody({ code: 'OKCODE1', reward: { kind: 'bonus', amount: -5, rollover_multiplier: 3, expires_days: 7 } }),
      couponBody({ code: 'OKCODE2', reward: { kind: 'bonus', amount: 100, rollover_multiplier: 0.3, expires_days: 7 } }),
      couponBody({ code: 'OKCODE3', reward: { kind: 'cash', amount: 100 } }),
      couponBody({ code: 'OKCODE4', starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' }),
      couponBody({ code: 'OKCODE5', description: { pt: '', en: 'x' } }),
    ]) {
      const refused = await create(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(refused.body.errors).toBeTruthy();
    }
    expect((await h.db.select().from(coupons).where(eq(coupons.tenantId, h.open.id))).map((c) => c.code)).toEqual(['WELCOME5']);
    expect((await h.call('POST', '/operator/coupons', { host: h.open.host }, couponBody({ code: 'NOKEY1' }))).status).toBe(401);
  });

  it('on a regulated tenant refuses to create a bonus-money coupon (403 with the law) but allows VIP points', async () => {
    const refused = await create(couponBody({ code: 'BONUS1' }), h.regulated);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('14.790');
    const points = await create(couponBody({ code: 'PONTOS500', reward: { kind: 'vip_points', points: 500 } }), h.regulated);
    expect(points.status).toBe(201);
    // Turning a points coupon into bonus money is refused as well; switching a bonus coupon off is not.
    const patched = await h.call('PATCH', '/operator/coupons/pontos500', h.operator(h.regulated), { reward: { kind: 'bonus', amount: 100, rollover_multiplier: 1, expires_days: 1 } });
    expect(patched.status).toBe(403);
  });
});

describe('check-coupon', () => {
  it('refuses an empty, malformed or unknown code (422, nothing moved), then redeems a valid one once', async () => {
    await create(couponBody({ code: 'BEMVINDO10' }));
    const p = await h.player(h.open);
    expect((await check(p.headers, '')).status).toBe(422);
    expect((await check(p.headers, 42)).status).toBe(422);
    const unknown = await check(p.headers, 'NAOEXISTE');
    expect(unknown).toMatchObject({ status: 422, body: { code: 'coupon_invalid', message: 'Cupom inválido. Confira o código e tente de novo.' } });
    expect((await check(p.headers, 'NAOEXISTE', 'en')).body.message).toBe('Invalid coupon. Check the code and try again.');
    expect(await h.money(p.userId)).toEqual({ balance: 0n, withdrawable: 0n, entries: 0 });

    const ok = await check(p.headers, ' bemvindo10 ');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      coupon: 'BEMVINDO10',
      status: 'valid',
      reward: { kind: 'bonus', amount: 1000 },
      bonus: { amount: 1000, rollover_required: 3000, rollover_done: 0, progress: 0, status: 'active', description: 'BEMVINDO10' },
      wallet: { balance: 1000, balance_withdrawal: 0 },
    });
    expect(ok.body.message).toMatch(/^Cupom aplicado: R\$\s10,00 de bônus\. Aposte R\$\s30,00 até/);
    const again = await check(p.headers, 'BEMVINDO10', 'en');
    expect(again).toMatchObject({ status: 409, body: { code: 'coupon_already_used', message: 'You have already used this coupon.' } });
    expect(await h.money(p.userId)).toEqual({ balance: 1000n, withdrawable: 0n, entries: 1 });
    expect((await h.call('POST', '/bonuses/check-coupon', { host: h.open.host }, { coupon: 'BEMVINDO10' })).status).toBe(401);
  });

  it('keeps the validity window', async () => {
    const now = Date.now();
    await create(couponBody({ code: 'FUTURO', starts_at: new Date(now + 3_600_000).toISOString() }));
    await create(couponBody({ code: 'PASSADO', starts_at: new Date(now - 7_200_000).toISOString(), ends_at: new Date(now - 3_600_000).toISOString() }));
    await create(couponBody({ code: 'DESLIGADO', active: false }));
    const p = await h.player(h.open);
    expect(await check(p.headers, 'FUTURO')).toMatchObject({ status: 422, body: { code: 'coupon_not_started', message: 'Este cupom ainda não está valendo.' } });
    expect(await check(p.headers, 'PASSADO')).toMatchObject({ status: 422, body: { code: 'coupon_expired', message: 'Este cupom expirou.' } });
    expect(await check(p.headers, 'DESLIGADO')).toMatchObject({ status: 422, body: { code: 'coupon_invalid' } });
    expect((await h.money(p.userId)).entries).toBe(0);
  });

  it('never passes max_uses under 50 concurrent redemptions', async () => {
    await create(couponBody({ code: 'DEZVAGAS', max_uses: 10, reward: { kind: 'bonus', amount: 500, rollover_multiplier: 1, expires_days: 1 } }));
    const players = await Promise.all(Array.from({ length: 50 }, () => h.player(h.open)));
    const answers = await Promise.all(players.map((p) => check(p.headers, 'DEZVAGAS')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'coupon_used_up')).toHaveLength(40);
    const [row] = await h.db.select().from(coupons).where(eq(coupons.code, 'DEZVAGAS'));
    expect(row!.uses).toBe(10);
    const moneys = await Promise.all(players.map((p) => h.money(p.userId)));
    expect(moneys.filter((m) => m.balance === 500n)).toHaveLength(10);
    expect(moneys.filter((m) => m.entries === 0)).toHaveLength(40);
    const used = await h.call('POST', '/bonuses/check-coupon', { ...players[0]!.headers }, { coupon: 'DEZVAGAS' });
    expect(used.status).toBe(409);
    // The operator sees who claimed it.
    const list = await h.call('GET', '/operator/coupons/DEZVAGAS/redemptions', h.operator(h.open));
    expect(list.body).toMatchObject({ coupon: 'DEZVAGAS', total: 10 });
  });

  it('keeps the per-player limit when one player redeems many times at once', async () => {
    await create(couponBody({ code: 'DUASVEZES', max_uses_per_player: 2, reward: { kind: 'bonus', amount: 300, rollover_multiplier: 1, expires_days: 1 } }));
    const p = await h.player(h.open);
    const answers = await Promise.all(Array.from({ length: 6 }, () => check(p.headers, 'DUASVEZES')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 'coupon_already_used')).toHaveLength(4);
    expect(await h.money(p.userId)).toEqual({ balance: 600n, withdrawable: 0n, entries: 2 });
    expect(await h.db.select().from(playerBonuses).where(eq(playerBonuses.userId, p.userId))).toHaveLength(2);
  });

  it('on a regulated tenant refuses a bonus coupon with the law, and gives VIP points', async () => {
    // A bonus coupon made while the tenant was not regulated.
    const [made] = await h.db
      .insert(coupons)
      .values({ tenantId: h.regulated.id, code: 'ANTIGO10', description: { pt: 'x', en: 'x' }, reward: { kind: 'bonus', amount: 1000, rollover_multiplier: 1, expires_days: 1 } })
      .returning();
    const p = await h.player(h.regulated);
    const refused = await check(p.headers, 'ANTIGO10');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).');
    expect((await h.money(p.userId)).entries).toBe(0);
    expect((await h.db.select().from(coupons).where(eq(coupons.id, made!.id)))[0]!.uses).toBe(0);

    const points = await check(p.headers, 'PONTOS500');
    expect(points).toMatchObject({ status: 200, body: { reward: { kind: 'vip_points', points: 500 }, bonus: null, message: 'Cupom aplicado: 500 pontos VIP.' } });
    const [user] = await h.db.select().from(users).where(eq(users.id, p.userId));
    expect(user!.vipPoints).toBe(500);
    expect(await h.db.select().from(vipPointEntries).where(eq(vipPointEntries.userId, p.userId))).toEqual([
      expect.objectContaining({ points: 500, reason: 'coupon', reference: expect.stringMatching(new RegExp(`^user:${p.userId}:coupon:\\d+:1$`)) }),
    ]);
    expect((await h.money(p.userId)).entries).toBe(0);
  });
});

describe('player lists', () => {
  it('GET /bonuses/coupons lists public codes on offer with the player use, and their redemptions', async () => {
    await create(couponBody({ code: 'PRIVADO', public: false }));
    const p = await h.player(h.open);
    await check(p.headers, 'WELCOME5');
    const mine = await h.call('GET', '/bonuses/coupons', p.headers);
    expect(mine.status).toBe(200);
    const data = mine.body.data as { code: string; used: number; available: boolean }[];
    expect(data.map((c) => c.code)).not.toContain('PRIVADO');
    expect(data.map((c) => c.code)).not.toContain('FUTURO');
    expect(data.map((c) => c.code)).not.toContain('DEZVAGAS');
    expect(data.find((c) => c.code === 'WELCOME5')).toMatchObject({ used: 1, available: false });
    expect(data.find((c) => c.code === 'BEMVINDO10')).toMatchObject({ used: 0, available: true });
    expect(mine.body.redemptions).toEqual([expect.objectContaining({ code: 'WELCOME5' })]);
    const visitor = await h.call('GET', '/bonuses/coupons', { host: h.open.host });
    expect(visitor.body.redemptions).toEqual([]);
    // The regulated tenant offers no bonus money.
    const reg = await h.call('GET', '/bonuses/coupons', { host: h.regulated.host });
    expect((reg.body.data as { reward: { kind: string } }[]).every((c) => c.reward.kind === 'vip_points')).toBe(true);
  });

  it('GET /wallet/bonuses shows each bonus with its progress and expiry; the history has bonus and rollover rows', async () => {
    const p = await h.player(h.open);
    await applyMovement(h.db, { tenantId: h.open.id, userId: p.userId, type: 'deposit', amount: 5000 });
    await check(p.headers, 'BEMVINDO10');
    await h.db.transaction((tx) => addRolloverProgress(tx, { tenantId: h.open.id, userId: p.userId, amount: 1000, reference: 'b1' }));
    const list = await h.call('GET', '/wallet/bonuses', p.headers);
    expect(list.body.active).toEqual([expect.objectContaining({ description: 'BEMVINDO10', amount: 1000, rollover_required: 3000, rollover_done: 1000, progress: 33, status: 'active', expires_at: expect.any(String) })]);
    expect(list.body.data).toEqual([expect.objectContaining({ type: 'bonus', amount: 1000, description: 'BEMVINDO10', bonus: expect.objectContaining({ progress: 33 }) })]);
    await h.db.transaction((tx) => addRolloverProgress(tx, { tenantId: h.open.id, userId: p.userId, amount: 2000, reference: 'b2' }));
    const done = await h.call('GET', '/wallet/bonuses', p.headers);
    expect(done.body.active).toEqual([]);
    expect((done.body.data as { type: string }[]).map((r) => r.type)).toEqual(['rollover', 'bonus']);
    const history = await h.call('GET', '/wallet/transactions', p.headers);
    expect((history.body.data as { type: string }[]).map((r) => r.type)).toEqual(['rollover', 'bonus', 'deposit']);
  });

  it('the operator lists coupons with their uses and switches one off', async () => {
    const list = await h.call('GET', '/operator/coupons', h.operator(h.open));
    expect((list.body.coupons as { code: string; uses: number }[]).find((c) => c.code === 'DEZVAGAS')).toMatchObject({ uses: 10 });
    const off = await h.call('DELETE', '/operator/coupons/welcome5', h.operator(h.open));
    expect(off.body.coupon).toMatchObject({ code: 'WELCOME5', active: false, uses: 1 });
    const p = await h.player(h.open);
    expect((await check(p.headers, 'WELCOME5')).body.code).toBe('coupon_invalid');
    expect((await h.call('GET', '/operator/coupons/NOPE1', h.operator(h.open))).status).toBe(404);
    expect((await h.call('GET', '/operator/coupons/DEZVAGAS', h.operator(h.regulated))).status).toBe(404);
  });
});
