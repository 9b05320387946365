import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseRoundView } from '../../../../src/contract/casino.ts';
import { houseRounds, houseSeeds } from '../../../../server/features/house/schema.ts';
import { DEFAULT_PRIVACY_SETTINGS, users } from '../../../../server/features/users/schema.ts';
import { ledgerEntries, wallets } from '../../../../server/features/wallet/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { type HouseHarness, houseHarness } from './helpers.ts';

let h: HouseHarness;
beforeAll(async () => {
  h = await houseHarness();
});
afterAll(() => h.close());

const dice = { target: 5000, direction: 'under' };

async function fund(userId: number, amount: number, ref: string) {
  await applyMovement(h.db, { tenantId: h.tenantId, userId, type: 'deposit', amount, reference: ref });
}

async function balance(userId: number): Promise<bigint> {
  const [w] = await h.db.select().from(wallets).where(eq(wallets.userId, userId));
  return w?.balance ?? 0n;
}

async function ledgerSum(userId: number): Promise<bigint> {
  const [row] = await h.db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return BigInt(row!.s);
}

async function roundsOf(actorKey: string): Promise<number> {
  const [row] = await h.db.select({ n: count() }).from(houseRounds).where(and(eq(houseRounds.tenantId, h.tenantId), eq(houseRounds.actorKey, actorKey)));
  return row!.n;
}

describe('house play', () => {
  it('a real-money round moves exactly stake and payout, is stored and published', async () => {
    const { userId, token } = await h.player('Maria Silva Souza');
    // Enough for twelve straight losses: a thinner balance ran out on an unlucky streak about once in a hundred runs.
    await fund(userId, 12_000, 'dep-play-1');
    h.published.length = 0;
    let expected = 12_000n;
    for (let i = 0; i < 12; i++) {
      const res = await h.call('POST', '/house/dice/play', { token, body: { amount: 1000, demo: false, params: dice } });
      expect(res.status).toBe(200);
      const round = res.body.round as HouseRoundView;
      expect(round).toMatchObject({ game: 'dice', demo: false, amount: 1000, nonce: i, server_seed: null });
      const won = (round.outcome as { roll: number }).roll < 5000;
      expect(round.multiplier).toBe(won ? 19800 : 0);
      expect(round.payout).toBe(won ? 1980 : 0);
      expected += BigInt(round.payout - 1000);
      expect(res.body.wallet).toMatchObject({ balance: Number(expected) });
      // Ledger: the stake under house:{id}, the win (if any) under house:{id}:win.
      const entries = await h.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.reference} like ${`house:${round.id}%`}`));
      expect(entries.map((e) => [e.type, e.amount, e.reference]).sort()).toEqual(
        [['bet', -1000n, `house:${round.id}`], ...(won ? [['win', 1980n, `house:${round.id}:win`]] : [])].sort(),
      );
      expect(entries[0]!.metadata).toMatchObject({ game: 'Dice', provider: 'house', round_id: round.id });
    }
    expect(await balance(userId)).toBe(expected);
    expect(await ledgerSum(userId)).toBe(expected);
    expect(await roundsOf(`user:${userId}`)).toBe(12);
    // Published: per round BetPlaced bet + win on the tenant channel, BalanceUpdated on the player's.
    expect(h.published).toHaveLength(36);
    const [bet, win, balanceEvent] = h.published.slice(-3);
    expect(bet!.channels).toEqual([`universal-public.${h.casinoId}`]);
    expect(bet!.event).toBe('App\\Events\\BetPlaced');
    expect(bet!.data).toMatchObject({ type: 'bet', amount: 1000, user: { name: 'Maria' }, game: { title: 'Dice', gamecode: 'dice', providercode: 'house' } });
    expect(win!.data).toMatchObject({ type: 'win', transaction: bet!.data.transaction });
    expect(String(bet!.data.transaction)).toMatch(/^house:\d+$/);
    expect(balanceEvent).toMatchObject({ channels: [`private-universal.${userId}`], event: 'App\\Events\\BalanceUpdated', data: { wallet: { balance: Number(expected) } } });
  });

  it('a player who hides their activity, username or everything is anonymous in the public bet feed', async () => {
    for (const hidden of ['hide_activity', 'hide_username', 'hide_all'] as const) {
      const { userId, token } = await h.player('Joana Reservada');
      await h.db.update(users).set({ settings: { ...DEFAULT_PRIVACY_SETTINGS, [hidden]: true } }).where(eq(users.id, userId));
      await fund(userId, 1_000, `dep-anon-${hidden}`);
      h.published.length = 0;
      expect((await h.call('POST', '/house/dice/play', { token, body: { amount: 100, demo: false, params: dice } })).status).toBe(200);
      const feed = h.published.filter((p) => p.event === 'App\\Events\\BetPlaced');
      expect(feed).toHaveLength(2);
      for (const event of feed) expect(event.data).toMatchObject({ user: { name: '' } });
      expect(JSON.stringify(h.published)).not.toContain('Joana');
    }
  });

  it('insufficient funds: 422, no round stored, nonce not consumed, nothing moved', async () => {
    const { userId, token } = await h.player();
    await fund(userId, 500, 'dep-poor');
    const before = (await h.call('GET', '/house/fairness', { token })).body;
    const res = await h.call('POST', '/house/limbo/play', { token, body: { amount: 501, demo: false, params: { target: 20000 } } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Saldo insuficiente.');
    expect(await roundsOf(`user:${userId}`)).toBe(0);
    expect((await h.call('GET', '/house/fairness', { token })).body).toEqual(before);
    expect(await balance(userId)).toBe(500n);
    expect(await ledgerSum(userId)).toBe(500n);
  });

  it('bad amounts and params: 422 with field errors (pt/en), nothing moved or stored', async () => {
    const { userId, token } = await h.player();
    await fund(userId, 1_000_000, 'dep-bad');
    const cases: [string, unknown, string][] = [
      ['dice', { amount: -100, params: dice }, 'amount'],
      ['dice', { amount: 0, params: dice }, 'amount'],
      ['dice', { amount: 5.5, params: dice }, 'amount'],
      ['dice', { amount: 9, params: dice }, 'amount'],
      ['dice', { amount: 100_001, params: dice }, 'amount'],
      ['dice', { amount: 1e15, params: dice }, 'amount'],
      ['dice', { amount: '100', params: dice }, 'amount'],
      ['dice', { params: dice }, 'amount'],
      ['dice', { amount: 100, params: { target: 199, direction: 'under' } }, 'params.target'],
      ['dice', { amount: 100, params: { target: 9801, direction: 'over' } }, 'params.target'],
      ['dice', { amount: 100, params: { target: 5000, direction: 'sideways' } }, 'params.direction'],
      ['dice', { amount: 100, params: { target: 50.5, direction: 'under' } }, 'params.target'],
      ['limbo', { amount: 100, params: { target: 10000 } }, 'params.target'],
      ['limbo', { amount: 100, params: { target: 10_000_100 } }, 'params.target'],
      ['limbo', { amount: 100, params: { target: 20050 } }, 'params.target'],
      ['plinko', { amount: 100, params: { rows: 10, risk: 'low' } }, 'params.rows'],
      ['plinko', { amount: 100, params: { rows: 8, risk: 'extreme' } }, 'params.risk'],
      ['plinko', { amount: 100, demo: 'yes', params: { rows: 8, risk: 'low' } }, 'demo'],
    ];
    for (const [game, body, field] of cases) {
      const res = await h.call('POST', `/house/${game}/play`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors as object), JSON.stringify(body)).toContain(field);
    }
    const en = await h.call('POST', '/house/dice/play', { token, lang: 'en', body: { amount: 9, params: dice } });
    expect(en.body.errors).toEqual({ amount: ['The minimum bet is R$ 0.10.'] });
    const pt = await h.call('POST', '/house/limbo/play', { token, body: { amount: 100, params: { target: 5 } } });
    expect(pt.body.errors).toEqual({ 'params.target': ['O multiplicador alvo deve estar entre 1,01× e 1000×, com duas casas decimais.'] });
    expect((await h.call('POST', '/house/dice/play', { token, body: 'not json' })).status).toBe(400);
    expect(await roundsOf(`user:${userId}`)).toBe(0);
    expect(await balance(userId)).toBe(1_000_000n);
  });

  it('unknown game: 404; real money without a player: 401; no actor at all: 401', async () => {
    const { token } = await h.player();
    expect((await h.call('POST', '/house/mines/play', { token, body: { amount: 100, params: {} } })).status).toBe(404);
    const guest = 'guest-abcdefgh1234';
    const real = await h.call('POST', '/house/dice/play', { guest, body: { amount: 100, demo: false, params: dice } });
    expect(real.status).toBe(401);
    expect(real.body.message).toBe('Faça login para jogar com dinheiro real.');
    expect(await roundsOf(`guest:${guest}`)).toBe(0);
    expect((await h.call('POST', '/house/dice/play', { body: { amount: 100, demo: true, params: dice } })).status).toBe(401);
    expect((await h.call('GET', '/house/fairness')).status).toBe(401);
  });

  it('demo rounds (guest and player) are stored as demo, use the nonce, move and publish nothing', async () => {
    const guest = 'guest-demo12345678';
    h.published.length = 0;
    for (const game of [
      ['dice', dice],
      ['limbo', { target: 15000 }],
      ['plinko', { rows: 16, risk: 'high' }],
    ] as const) {
      const res = await h.call('POST', `/house/${game[0]}/play`, { guest, body: { amount: 100_000, demo: true, params: game[1] } });
      expect(res.status).toBe(200);
      expect(res.body.wallet).toBeUndefined();
      expect(res.body.round).toMatchObject({ demo: true, game: game[0], amount: 100_000 });
    }
    expect(await roundsOf(`guest:${guest}`)).toBe(3);
    expect((await h.call('GET', '/house/fairness', { guest })).body).toMatchObject({ nonce: 3 });
    const { userId, token } = await h.player();
    const res = await h.call('POST', '/house/plinko/play', { token, body: { amount: 500, demo: true, params: { rows: 8, risk: 'low' } } });
    expect(res.status).toBe(200);
    expect(await ledgerSum(userId)).toBe(0n);
    expect(await balance(userId)).toBe(0n);
    expect(h.published).toHaveLength(0);
  });

  it('a publish failure is logged, never undoes the round', async () => {
    const { userId, token } = await h.player();
    await fund(userId, 1000, 'dep-pubfail');
    h.failPublish(true);
    try {
      const res = await h.call('POST', '/house/dice/play', { token, body: { amount: 100, params: dice } });
      expect(res.status).toBe(200);
    } finally {
      h.failPublish(false);
    }
    expect(await roundsOf(`user:${userId}`)).toBe(1);
    expect(await ledgerSum(userId)).toBe(await balance(userId));
  });

  it('50 concurrent plays with balance for 20 never overdraw nor reuse a nonce', async () => {
    const { userId, token } = await h.player();
    await fund(userId, 2000, 'dep-conc');
    // Limbo at 1000× almost never pays, so the balance runs out after ~20 rounds.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => h.call('POST', '/house/limbo/play', { token, body: { amount: 100, params: { target: 10_000_000 } } })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    for (const a of refused) expect(a.status).toBe(422);
    const rounds = await h.db.select().from(houseRounds).where(eq(houseRounds.actorKey, `user:${userId}`));
    expect(rounds).toHaveLength(ok.length);
    const paid = rounds.reduce((s, r) => s + r.payout, 0n);
    const nonces = rounds.map((r) => r.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: rounds.length }, (_, i) => i));
    const b = await balance(userId);
    expect(b >= 0n).toBe(true);
    expect(b).toBe(2000n - 100n * BigInt(ok.length) + paid);
    expect(await ledgerSum(userId)).toBe(b);
    const [seed] = await h.db.select().from(houseSeeds).where(and(eq(houseSeeds.actorKey, `user:${userId}`), eq(houseSeeds.active, true)));
    expect(seed!.nextNonce).toBe(ok.length);
    if (paid === 0n) expect(ok.length).toBe(20);
  });
});

describe('fairness and rounds', () => {
  it('the hash shown before play is sha256 of the seed revealed on rotation; verify recomputes the stored round', async () => {
    const { userId, token } = await h.player();
    await fund(userId, 10_000, 'dep-fair');
    const before = (await h.call('GET', '/house/fairness', { token })).body as { server_seed_hash: string; client_seed: string; nonce: number };
    expect(before.nonce).toBe(0);
    expect(before.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const played: HouseRoundView[] = [];
    for (const [game, params] of [
      ['dice', { target: 3000, direction: 'over' }],
      ['limbo', { target: 25000 }],
      ['plinko', { rows: 12, risk: 'medium' }],
    ] as const) {
      played.push((await h.call('POST', `/house/${game}/play`, { token, body: { amount: 100, params } })).body.round as HouseRoundView);
    }
    expect(played.map((r) => r.nonce)).toEqual([0, 1, 2]);
    expect(played.every((r) => r.server_seed_hash === before.server_seed_hash && r.server_seed === null)).toBe(true);
    const rotated = (await h.call('POST', '/house/fairness/rotate', { token })).body as { revealed: Record<string, unknown>; active: Record<string, unknown> };
    expect(rotated.revealed).toMatchObject({ server_seed_hash: before.server_seed_hash, client_seed: before.client_seed, rounds: 3 });
    const seed = String(rotated.revealed.server_seed);
    expect(createHash('sha256').update(seed).digest('hex')).toBe(before.server_seed_hash);
    expect(rotated.active).toMatchObject({ client_seed: before.client_seed, nonce: 0 });
    expect(rotated.active.server_seed_hash).not.toBe(before.server_seed_hash);
    for (const round of played) {
      const stored = (await h.call('GET', `/house/rounds/${round.id}`, { token })).body as unknown as HouseRoundView;
      expect(stored.server_seed).toBe(seed);
      const verified = await h.call('POST', '/house/verify', {
        body: { game: round.game, server_seed: seed, client_seed: round.client_seed, nonce: round.nonce, params: round.params },
      });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ outcome: stored.outcome, multiplier: stored.multiplier, server_seed_hash: before.server_seed_hash });
    }
  });

  it('setting the client seed reveals the old pair and starts a new one at nonce 0', async () => {
    const guest = 'guest-clientseed001';
    const first = (await h.call('GET', '/house/fairness', { guest })).body;
    await h.call('POST', '/house/dice/play', { guest, body: { amount: 100, demo: true, params: dice } });
    const res = await h.call('POST', '/house/fairness/client-seed', { guest, body: { client_seed: 'minha semente!' } });
    expect(res.status).toBe(200);
    expect(res.body.revealed).toMatchObject({ server_seed_hash: first.server_seed_hash, rounds: 1 });
    expect(res.body.active).toMatchObject({ client_seed: 'minha semente!', nonce: 0 });
    expect((await h.call('GET', '/house/fairness', { guest })).body).toEqual(res.body.active);
    const next = (await h.call('POST', '/house/dice/play', { guest, body: { amount: 100, demo: true, params: dice } })).body.round as HouseRoundView;
    expect(next).toMatchObject({ client_seed: 'minha semente!', nonce: 0 });
    for (const bad of ['', 'x'.repeat(65), 'ç', 'tab\there', 42]) {
      const r = await h.call('POST', '/house/fairness/client-seed', { guest, body: { client_seed: bad } });
      expect(r.status, String(bad)).toBe(422);
      expect(Object.keys(r.body.errors as object)).toEqual(['client_seed']);
    }
  });

  it('rounds: own only, newest first, 24 a page; others get 404', async () => {
    const guest = 'guest-pages0000001';
    for (let i = 0; i < 26; i++) await h.call('POST', '/house/dice/play', { guest, body: { amount: 10, demo: true, params: dice } });
    const page1 = (await h.call('GET', '/house/rounds', { guest })).body;
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, total: 26 });
    const rows = page1.data as HouseRoundView[];
    expect(rows).toHaveLength(24);
    expect(rows[0]!.nonce).toBe(25);
    const page2 = (await h.call('GET', '/house/rounds?page=2', { guest })).body;
    expect((page2.data as HouseRoundView[]).map((r) => r.nonce)).toEqual([1, 0]);
    expect((await h.call('GET', '/house/rounds?page=0', { guest })).status).toBe(422);
    expect((await h.call('GET', `/house/rounds/${rows[0]!.id}`, { guest })).status).toBe(200);
    expect((await h.call('GET', `/house/rounds/${rows[0]!.id}`, { guest: 'guest-someoneelse1' })).status).toBe(404);
    expect((await h.call('GET', '/house/rounds/999999999', { guest })).status).toBe(404);
    expect((await h.call('GET', '/house/rounds/abc', { guest })).status).toBe(404);
  });

  it('verify refuses bad input with 422', async () => {
    const base = { game: 'dice', server_seed: 'abc', client_seed: 'c', nonce: 0, params: dice };
    expect((await h.call('POST', '/house/verify', { body: base })).status).toBe(200);
    for (const [patch, field] of [
      [{ game: 'mines' }, 'game'],
      [{ nonce: -1 }, 'nonce'],
      [{ client_seed: '' }, 'client_seed'],
      [{ params: { target: 1 } }, 'params.target'],
    ] as const) {
      const r = await h.call('POST', '/house/verify', { body: { ...base, ...patch } });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors as object)).toContain(field);
    }
  });
});
