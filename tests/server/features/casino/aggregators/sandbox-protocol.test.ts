import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, getConfig } from '../../../../../server/config.ts';
import { playRound } from '../../../../../server/features/casino/aggregators/sandbox/rounds.ts';
import { createSandboxAggregator } from '../../../../../server/features/casino/aggregators/sandbox/sandbox-aggregator.ts';
import { signWebhook } from '../../../../../server/features/payments/signature.ts';
import { tenants } from '../../../../../server/features/tenants/schema.ts';
import { forgetCachedTenants } from '../../../../../server/features/tenants/tenant-cache.ts';
import { users } from '../../../../../server/features/users/schema.ts';
import { fakeSiteBuilder, silentLog } from '../../../helpers/app.ts';
import { PRODUCTION_ENV } from '../../../helpers/production-env.ts';
import { createApp } from '../../../../../server/app.ts';
import { type SandboxHarness, sandboxHarness } from './harness.ts';

let h: SandboxHarness;
beforeAll(async () => {
  h = await sandboxHarness();
}, 60_000);
afterAll(() => h.close());
beforeEach(() => {
  for (const action of ['balance', 'bet', 'win', 'rollback'] as const) h.faults[action] = 'pass';
});

/** European roulette (vela-mesa's, a table game the sandbox plays as roulette): half on red, half on black. */
const ROULETTE = { game_id: 'roleta-europeia', provider_code: 'vela-mesa' };
const redBlack = (stake: number) => ({ bets: [{ type: 'red', amount: stake / 2 }, { type: 'black', amount: stake / 2 }] });
const onZero = (stake: number) => ({ bets: [{ type: 'straight', value: 0, amount: stake }] });

/** Waits (polling) until `done` holds, at most 5 s. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition never held');
}

interface Round {
  id: string;
  stake: number;
  payout: number;
  payoutPending?: boolean;
}

async function realSession(deposit: number) {
  const player = await h.player(deposit);
  const launchToken = h.tokenOf(await h.launch(ROULETTE, { token: player.token }));
  const play = (stake: number, params: unknown = redBlack(stake)) => h.sandbox('POST', '/rounds', { token: launchToken, stake, params });
  return { ...player, launchToken, play };
}

describe('sandbox aggregator: real money through the seamless wallet over HTTP', () => {
  it('serves the launched game page and moves exactly the stake and the payout of a round, both in the ledger', async () => {
    const s = await realSession(10_000);
    const page = await fetch(`${h.base}${await h.launch(ROULETTE, { token: s.token, lang: 'en' })}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // Framed by the tenant's site (listed first, so the platform stamps no X-Frame-Options: SAMEORIGIN), no inline script.
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors http://localhost:4321 'self'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    expect(html).toContain('Roleta Europeia');
    expect(html).toContain('R$100.00');
    const script = /<script[^>]* src="([^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${h.base}${script}`);
    expect([asset.status, asset.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);

    const answer = await s.play(1000);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const round = answer.body.round as Round;
    expect(round).toMatchObject({ stake: 1000, kind: 'roulette' });
    expect([0, 1000]).toContain(round.payout);
    expect(answer.body.balance).toBe(10_000 - 1000 + round.payout);
    expect(await h.wallet(s.userId)).toBe(10_000 - 1000 + round.payout);
    expect(await h.roundRows('vela-mesa', round.id)).toEqual([
      { reference: `vela-mesa:${round.id}:bet`, type: 'bet', amount: -1000 },
      ...(round.payout > 0 ? [{ reference: `vela-mesa:${round.id}:win`, type: 'win', amount: 1000 }] : []),
    ]);
    expect((await h.sandbox('GET', `/balance?token=${encodeURIComponent(s.launchToken)}`)).body).toEqual({ balance: 10_000 - 1000 + round.payout });
  });

  it('applies a repeated or concurrently duplicated call (same transaction id) once', async () => {
    const s = await realSession(5000);
    const wallet = h.aggregators.sandbox!.rounds.wallet;
    const target = { tenant: 'localhost', provider: 'vela-mesa' };
    const bet = { action: 'bet', player_id: s.userId, round_id: 'dup-1', transaction_id: 'dup-1:bet', amount: 700, game: 'Roleta Europeia', game_id: 'roleta-europeia' } as const;
    expect(await wallet.call(target, bet)).toEqual({ kind: 'ok', balance: 4300, replayed: false, held: false });
    expect(await wallet.call(target, bet)).toEqual({ kind: 'ok', balance: 4300, replayed: true, held: false });
    const win = { action: 'win', player_id: s.userId, round_id: 'dup-1', transaction_id: 'dup-1:win', amount: 1400, game: 'Roleta Europeia', game_id: 'roleta-europeia' } as const;
    const wins = await Promise.all(Array.from({ length: 8 }, () => wallet.call(target, win)));
    expect(wins.filter((w) => w.kind === 'ok' && !w.replayed)).toHaveLength(1);
    expect(await h.wallet(s.userId)).toBe(5700);
  });

  it('retries a bet whose answer timed out with the same transaction id: the platform applied it once', async () => {
    const s = await realSession(10_000);
    h.faults.bet = 'slow-once';
    const before = h.received.bet;
    const answer = await s.play(2000);
    expect(answer.status).toBe(200);
    expect(h.received.bet - before).toBe(2);
    const round = answer.body.round as Round;
    await h.heldCallsLanded(); // the first attempt lands after its retry: a replay
    expect(await h.wallet(s.userId)).toBe(10_000 - 2000 + round.payout);
    expect((await h.roundRows('vela-mesa', round.id)).filter((r) => r.type === 'bet')).toEqual([{ reference: `vela-mesa:${round.id}:bet`, type: 'bet', amount: -2000 }]);
  });

  it('rolls back a bet that never got an answer: owed, retried until the platform answers, the stake comes back', async () => {
    const s = await realSession(10_000);
    h.faults.bet = 'lose-answer';
    h.faults.rollback = 'down';
    const answer = await s.play(3000);
    expect(answer).toMatchObject({ status: 503, body: { error: 'wallet_unavailable', message: 'O jogo não conseguiu falar com a carteira. Tente de novo.' } });
    // The platform took the stake (its answers were lost); the rollback is owed while the platform is down.
    expect(await h.wallet(s.userId)).toBe(7000);
    const owed = (await h.owed()).filter((o) => o.action === 'rollback' && o.body.includes(`"player_id":${s.userId}`));
    expect(owed).toHaveLength(1);
    expect(owed[0]!.answeredAt).toBeNull();
    await until(async () => (await h.owed()).find((o) => o.id === owed[0]!.id)!.attempts >= 2);
    h.faults.rollback = 'pass';
    await h.aggregators.sandbox!.whenIdle();
    expect(await h.wallet(s.userId)).toBe(10_000);
    const [settled] = await h.owed().then((rows) => rows.filter((o) => o.id === owed[0]!.id));
    expect(settled).toMatchObject({ lastResult: '2xx' });
    expect(settled!.answeredAt).not.toBeNull();
    expect(settled!.attempts).toBeGreaterThan(2);
  });

  it('closes the owed rollback of a bet that never reached the platform on its 404: nothing was taken, nothing moves', async () => {
    const s = await realSession(4000);
    h.faults.bet = 'down';
    expect(await s.play(1000)).toMatchObject({ status: 503, body: { error: 'wallet_unavailable' } });
    await h.aggregators.sandbox!.whenIdle();
    const [rollback] = (await h.owed()).filter((o) => o.action === 'rollback' && o.body.includes(`"player_id":${s.userId}`));
    expect(rollback).toMatchObject({ lastResult: '404 transaction_not_found', attempts: 1 });
    expect(rollback!.answeredAt).not.toBeNull();
    expect(await h.wallet(s.userId)).toBe(4000);
  });

  it('owes a win that never got an answer and pays it once the platform is back, also after the sandbox restarts', async () => {
    const s = await realSession(10_000);
    // A sandbox of its own, to stop and restart it (the harness's keeps serving the other tests).
    const settings = h.config.gameAggregators.sandbox;
    const first = createSandboxAggregator({ db: h.db, settings, log: silentLog, walletRetry: { attempts: 2, backoffMs: 10, timeoutMs: 2000 }, owedRetry: { baseMs: 40, maxMs: 200 } });
    const read = first.sessions.read(s.launchToken);
    if (!read.ok) throw new Error('token unreadable');
    h.faults.win = 'down';
    let round: Round | null = null;
    for (let i = 0; i < 20 && !(round && round.payout > 0); i += 1) {
      const answer = await playRound(first.rounds, read.session, { stake: 1000, params: redBlack(1000) });
      round = answer.round as Round;
      expect(round.payoutPending).toBe(true);
      // The page is shown the balance without the payout: it is owed, not paid.
      expect(answer.balance).toBe(await h.wallet(s.userId));
    }
    expect(round!.payout).toBeGreaterThan(0);
    const balanceWithoutWins = await h.wallet(s.userId);
    // The sandbox stops with the wins owed (they stay in its table); a new instance resumes them.
    await first.close();
    h.faults.win = 'pass';
    const restarted = createSandboxAggregator({ db: h.db, settings, log: silentLog, owedRetry: { baseMs: 40, maxMs: 200 } });
    await restarted.resume();
    await restarted.whenIdle();
    const pending = (await h.owed()).filter((o) => o.action === 'win' && o.body.includes(`"player_id":${s.userId}`));
    expect(pending.every((o) => o.answeredAt !== null && o.lastResult === '2xx')).toBe(true);
    const owedPayouts = pending.reduce((sum, o) => sum + (JSON.parse(o.body) as { amount: number }).amount, 0);
    expect(owedPayouts).toBeGreaterThan(0);
    expect(await h.wallet(s.userId)).toBe(balanceWithoutWins + owedPayouts);
    expect(await h.roundRows('vela-mesa', round!.id)).toContainEqual({ reference: `vela-mesa:${round!.id}:win`, type: 'win', amount: round!.payout });
    await restarted.close();
  });

  it('never overdraws under concurrent rounds: bets beyond the balance are refused with insufficient_funds', async () => {
    const s = await realSession(500);
    const answers = await Promise.all(Array.from({ length: 12 }, () => s.play(100, onZero(100))));
    const played = answers.filter((a) => a.status === 200).map((a) => a.body.round as Round);
    const refused = answers.filter((a) => a.status !== 200);
    for (const r of refused) expect(r).toMatchObject({ status: 422, body: { error: 'insufficient_funds', message: 'Saldo insuficiente.' } });
    expect(played.length).toBeGreaterThanOrEqual(5);
    expect(await h.wallet(s.userId)).toBe(500 - 100 * played.length + played.reduce((sum, r) => sum + r.payout, 0));
  });

  it('refuses a self-excluded player’s round and moves nothing', async () => {
    const s = await realSession(5000);
    await h.db.update(users).set({ selfExclusionStartAt: new Date(), selfExclusionEndAt: new Date(Date.now() + 86_400_000) }).where(eq(users.id, s.userId));
    expect(await s.play(1000)).toMatchObject({ status: 403, body: { error: 'player_self_excluded', message: 'Você está autoexcluído: apostas recusadas.' } });
    expect(await h.wallet(s.userId)).toBe(5000);
  });

  it('in maintenance refuses a new round with betting_suspended while an owed win still settles', async () => {
    const s = await realSession(10_000);
    h.faults.win = 'down';
    const first = await s.play(1000, redBlack(1000));
    expect(first.status).toBe(200);
    const owedWin = (first.body.round as Round).payout;
    await h.db.update(tenants).set({ status: 'maintenance' }).where(eq(tenants.id, h.tenantId));
    forgetCachedTenants();
    try {
      expect(await s.play(1000)).toMatchObject({ status: 403, body: { error: 'betting_suspended', message: 'Apostas suspensas: a plataforma está em manutenção.' } });
      h.faults.win = 'pass';
      await h.aggregators.sandbox!.owed.resume();
      await h.aggregators.sandbox!.whenIdle();
      expect(await h.wallet(s.userId)).toBe(10_000 - 1000 + owedWin);
      const round = first.body.round as Round;
      expect((await h.owed()).find((o) => o.transactionId === `${round.id}:win`)).toMatchObject({ lastResult: '2xx' });
    } finally {
      await h.db.update(tenants).set({ status: 'active' }).where(eq(tenants.id, h.tenantId));
      forgetCachedTenants();
    }
  });

  it('refuses wallet calls signed with another secret or altered after signing (401), nothing moved', async () => {
    const s = await realSession(5000);
    const forger = createSandboxAggregator({ db: h.db, settings: { ...h.config.gameAggregators.sandbox, secret: 'not-the-platform-secret-0123456789abcdef' } });
    const bet = { action: 'bet', player_id: s.userId, round_id: 'forged-1', transaction_id: 'forged-1:bet', amount: 100, game: 'Roleta Europeia', game_id: 'roleta-europeia' } as const;
    expect(await forger.rounds.wallet.call({ tenant: 'localhost', provider: 'vela-mesa' }, bet)).toMatchObject({ kind: 'refused', status: 401, error: 'invalid_signature' });
    const signed = JSON.stringify({ ...bet, amount: 1 });
    const altered = await h.app.request('/api/providers/vela-mesa/wallet', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-webhook-signature': signWebhook(signed, h.config.gameAggregators.sandbox.secret) },
      body: JSON.stringify({ ...bet, amount: 100 }),
    });
    expect(altered.status).toBe(401);
    expect(await h.wallet(s.userId)).toBe(5000);
  });

  it('answers 401 for a tampered or expired launch token, in the player’s language when readable', async () => {
    const s = await realSession(1000);
    const [v, payload, mac] = s.launchToken.split('.');
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), player: s.userId + 1 })).toString('base64url');
    const tampered = await h.sandbox('POST', '/rounds', { token: `${v}.${raised}.${mac}`, stake: 100, params: onZero(100) });
    expect(tampered).toMatchObject({ status: 401, body: { error: 'session_invalid', message: 'Sessão de jogo inválida. Abra o jogo de novo.' } });
    const sessions = h.aggregators.sandbox!.sessions;
    const read = sessions.read(s.launchToken);
    if (!read.ok) throw new Error('token unreadable');
    const { sid: _sid, exp: _exp, ...session } = read.session;
    const expired = sessions.issue({ ...session, locale: 'en' }, new Date(Date.now() - 7 * 3600_000));
    expect(await h.sandbox('POST', '/rounds', { token: expired, stake: 100, params: onZero(100) })).toMatchObject({
      status: 401,
      body: { error: 'session_expired', message: 'Your game session has expired. Open the game again.' },
    });
    expect((await h.sandbox('GET', '/balance?token=nope')).status).toBe(401);
    expect((await fetch(`${h.base}/sandbox-aggregator/play?token=${encodeURIComponent(expired)}`)).status).toBe(401);
    expect(await h.wallet(s.userId)).toBe(1000);
  });
});

describe('sandbox aggregator: demo mode', () => {
  it('plays a guest’s demo round on R$ 1.000,00 of demo credits and calls nothing', async () => {
    const calls = { ...h.received };
    const owedBefore = (await h.owed()).length;
    const token = h.tokenOf(await h.launch({ game_id: 'foguete', provider_code: 'rota-crash' }, { demo: true }));
    expect((await h.sandbox('GET', `/balance?token=${encodeURIComponent(token)}`)).body).toEqual({ balance: 100_000 });
    const answer = await h.sandbox('POST', '/rounds', { token, stake: 500, params: { cashout: 150 } });
    expect(answer.status).toBe(200);
    const round = answer.body.round as Round;
    expect(answer.body.balance).toBe(100_000 - 500 + round.payout);
    expect([0, 750]).toContain(round.payout);
    expect(await h.sandbox('POST', '/rounds', { token, stake: 200_000, params: { cashout: 150 } })).toMatchObject({ status: 422, body: { error: 'invalid_stake' } });
    expect(await h.sandbox('POST', '/rounds', { token, stake: 500, params: { cashout: 1 } })).toMatchObject({ status: 422, body: { error: 'invalid_params' } });
    expect(h.received).toEqual(calls);
    expect((await h.owed()).length).toBe(owedBefore);
  });
});

describe('sandbox aggregator: configuration', () => {
  it('is refused in production mode, by default or for one provider, and never mounted there', async () => {
    const { GAME_AGGREGATOR: _none, ...withDefault } = PRODUCTION_ENV;
    expect(() => getConfig(withDefault)).toThrow(ConfigError);
    expect(() => getConfig(withDefault)).toThrow(/GAME_AGGREGATOR is sandbox/);
    expect(() => getConfig({ ...PRODUCTION_ENV, GAME_PROVIDER_AGGREGATORS: 'rota-crash:sandbox' })).toThrow(/GAME_PROVIDER_AGGREGATORS maps "rota-crash" to sandbox/);
    const production = createApp({ db: h.db, config: getConfig(PRODUCTION_ENV), sites: fakeSiteBuilder(), logger: silentLog });
    expect((await production.request('/sandbox-aggregator/play?token=x')).status).toBe(404);
    const game = await production.request('/api/games/url', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ ...ROULETTE, demo: true }),
    });
    expect(game.status).toBe(503);
  });
});
