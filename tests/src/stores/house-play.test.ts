// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletView } from '../../../src/contract/wallet.ts';
import { type Call, USER } from './auth-fake-api.ts';
import { HASH_A, housePlatform } from './house-fake-api.ts';

/**
 * The house games' play store: stake checks, real vs demo, the round state
 * machine, wallet and "Minhas apostas" updates — and that the round shown is
 * exactly the platform's answer (the site holds no outcome logic).
 */

function signedIn(wallet: WalletView = { balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 }): void {
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, wallet }));
}

async function load() {
  return {
    ...(await import('../../../src/stores/house.ts')),
    ...(await import('../../../src/stores/house-fairness.ts')),
    ...(await import('../../../src/stores/house-rounds.ts')),
    ...(await import('../../../src/stores/wallet.ts')),
  };
}

const plays = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/play'));

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('amount', () => {
  it('refuses empty, malformed, zero and (real money) above-balance stakes without calling the platform', async () => {
    signedIn({ balance: 500, balance_withdrawal: 500, deposit_count: 1 });
    const p = housePlatform();
    const s = await load();
    s.setMode('real');
    s.setAmountText('');
    await s.play();
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.required' });
    s.setAmountText('1,2,3');
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.invalid' });
    s.setAmountText('0,00');
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.positive' });
    s.setAmountText('5,01');
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.insufficient' });
    await s.play();
    expect(plays(p.calls)).toEqual([]);
    // The same stake is fine in demo: no money moves.
    s.setMode('demo');
    s.setAmountText('5,01');
    expect(s.$amountIssue.get()).toBeNull();
  });

  it('halves and doubles the typed stake in whole centavos, within the bet limits', async () => {
    housePlatform();
    const s = await load();
    s.setAmountText('1,25');
    s.scaleAmount(0.5);
    expect(s.$amountText.get()).toBe('0,62');
    s.scaleAmount(2);
    s.scaleAmount(2);
    expect(s.$amountText.get()).toBe('2,48');
    s.setAmountText('0,15');
    s.scaleAmount(0.5);
    expect(s.$amountText.get()).toBe('0,10');
    s.setAmountText('600,00');
    s.scaleAmount(2);
    expect(s.$amountText.get()).toBe('1.000,00');
    expect(s.$amountIssue.get()).toBeNull();
  });

  it('refuses stakes outside R$ 0,10 … R$ 1.000,00 (demo too), naming the limit in the page language, without calling the platform', async () => {
    const p = housePlatform();
    const s = await load();
    s.setMode('demo');
    s.setAmountText('0,09');
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.min', vars: { amount: 'R$\u00a00,10' } });
    await s.play();
    s.setAmountText('1000,01');
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.max', vars: { amount: 'R$\u00a01.000,00' } });
    await s.play();
    expect(plays(p.calls)).toEqual([]);
    s.setAmountText('0,10');
    expect(s.$amountIssue.get()).toBeNull();
    s.setAmountText('1000,00');
    expect(s.$amountIssue.get()).toBeNull();
    await s.play();
    expect(plays(p.calls).map((c) => (c.body as { amount: number }).amount)).toEqual([100_000]);

    document.documentElement.dataset.locale = 'en';
    s.setAmountText('0,05');
    expect(s.$amountIssue.get()).toEqual({ key: 'house.amount.min', vars: { amount: 'R$0.10' } });
  });
});

describe('playing', () => {
  it('sends integer centavos, demo flag and params, then shows the round exactly as answered', async () => {
    const p = housePlatform();
    // An answer no dice rule would give (roll 99.99 "under 50" paying 5×): the store must show it verbatim.
    p.nextRound = { outcome: { game: 'dice', roll: 9999 }, multiplier: 50_000, payout: 617 };
    const s = await load();
    s.setAmountText('1,23');
    s.setDiceTarget(5000);
    s.setDiceDirection('under');
    const round = await s.play();
    expect(plays(p.calls).map((c) => [c.path, c.body])).toEqual([['/house/dice/play', { amount: 123, demo: true, params: { target: 5000, direction: 'under' } }]]);
    const state = s.$play.get();
    expect(state.status).toBe('revealing');
    expect(state.status === 'revealing' && state.round).toEqual(round);
    expect(round).toMatchObject({ outcome: { game: 'dice', roll: 9999 }, multiplier: 50_000, payout: 617 });
  });

  it('goes idle → playing → revealing → done and ignores a second play while one is in flight', async () => {
    const p = housePlatform();
    const s = await load();
    const seen: string[] = [];
    s.$play.subscribe((state) => seen.push(state.status));
    const first = s.play();
    const second = s.play();
    expect(await second).toBeNull();
    const round = await first;
    expect(seen).toEqual(['idle', 'playing', 'revealing']);
    s.finishReveal(round!.id);
    s.finishReveal(round!.id);
    expect(seen).toEqual(['idle', 'playing', 'revealing', 'done']);
    expect(plays(p.calls)).toHaveLength(1);
  });

  it('asks a visitor to log in for real money and makes no call', async () => {
    const p = housePlatform();
    const s = await load();
    s.setMode('real');
    expect(s.$needsLogin.get()).toBe(true);
    expect(await s.play()).toBeNull();
    expect(s.$play.get()).toEqual({ status: 'needsLogin' });
    expect(plays(p.calls)).toEqual([]);
    // Demo stays open to visitors.
    s.setMode('demo');
    expect(s.$needsLogin.get()).toBe(false);
    expect(await s.play()).not.toBeNull();
  });

  it('applies the wallet of a real-money answer and puts the round on top of "Minhas apostas"', async () => {
    signedIn();
    const p = housePlatform();
    p.wallet = { balance: 9_900, balance_withdrawal: 9_900, deposit_count: 1 };
    p.nextRound = { payout: 0, multiplier: 0 };
    const s = await load();
    await s.loadRounds();
    s.setMode('real');
    s.setAmountText('1,00');
    const round = await s.play();
    expect(plays(p.calls)[0]!.body).toMatchObject({ demo: false, amount: 100 });
    // Nothing tells the result while the board animates: the balance and the list wait for the reveal's end.
    expect(s.$wallet.get()?.balance).toBe(10_000);
    expect(s.$houseRounds.get().status === 'ready' && (s.$houseRounds.get() as { rounds: unknown[] }).rounds).toEqual([]);
    s.finishReveal(round!.id + 1); // another round's end changes nothing
    expect(s.$wallet.get()?.balance).toBe(10_000);
    // The realtime BalanceUpdated of the round is held meanwhile (in this document and the page around the frame).
    expect(localStorage.getItem('house-wallet-hold-until')).not.toBeNull();
    s.finishReveal(round!.id);
    expect(localStorage.getItem('house-wallet-hold-until')).toBeNull();
    expect(s.$wallet.get()).toEqual(p.wallet);
    const list = s.$houseRounds.get();
    expect(list.status === 'ready' && list.rounds.map((r) => r.id)).toEqual([round!.id]);
    expect(s.$play.get()).toEqual({ status: 'done', round });
  });

  it('a play during a reveal ends it first (wallet, list, nonce) and keeps it on screen while the next round is in flight', async () => {
    signedIn();
    const p = housePlatform();
    p.wallet = { balance: 9_900, balance_withdrawal: 9_900, deposit_count: 1 };
    const s = await load();
    await s.loadRounds();
    await s.loadFairness();
    s.setMode('real');
    const first = await s.play();
    p.wallet = { balance: 9_800, balance_withdrawal: 9_800, deposit_count: 1 };
    const seen: unknown[] = [];
    s.$play.listen((state) => seen.push(state));
    const second = await s.play();
    expect(seen[0]).toEqual({ status: 'done', round: first });
    expect(seen[1]).toEqual({ status: 'playing', previous: first });
    expect(s.$wallet.get()?.balance).toBe(9_900);
    const list = s.$houseRounds.get();
    expect(list.status === 'ready' && list.rounds.map((r) => r.id)).toEqual([first!.id]);
    s.finishReveal(second!.id);
    expect(s.$wallet.get()?.balance).toBe(9_800);
    expect(s.$fairness.get()).toMatchObject({ state: { nonce: 2 } });
    expect(plays(p.calls)).toHaveLength(2);
  });

  it('changing game or mode during a reveal ends it first', async () => {
    signedIn();
    const p = housePlatform();
    p.wallet = { balance: 9_900, balance_withdrawal: 9_900, deposit_count: 1 };
    const s = await load();
    await s.loadRounds();
    s.setMode('real');
    await s.play();
    s.selectGame('limbo');
    expect(s.$wallet.get()?.balance).toBe(9_900);
    expect(s.$play.get()).toEqual({ status: 'idle' });
  });

  it('moves the shown nonce on with each answered round of the same pair', async () => {
    housePlatform();
    const s = await load();
    await s.loadFairness();
    await s.play();
    const second = await s.play();
    s.finishReveal(second!.id);
    expect(s.$fairness.get()).toEqual({ status: 'ready', state: { server_seed_hash: HASH_A, client_seed: 'lucky', nonce: 2 } });
  });

  it('shows the platform 422 field errors under the stake and the params, and other refusals as a message', async () => {
    const p = housePlatform();
    const s = await load();
    p.refusePlay = { status: 422, json: { message: 'Dados inválidos.', errors: { amount: ['A aposta mínima é R$ 0,10.'], 'params.target': ['Alvo inválido.'] } } };
    await s.play();
    expect(s.$amountIssue.get()).toEqual({ text: 'A aposta mínima é R$ 0,10.' });
    expect(s.$paramsIssue.get()).toEqual({ text: 'Alvo inválido.' });
    expect(s.$play.get()).toEqual({ status: 'idle' });
    p.refusePlay = { status: 422, json: { message: 'Saldo insuficiente.' } };
    await s.play();
    expect(s.$play.get()).toEqual({ status: 'failed', message: { text: 'Saldo insuficiente.' } });
    p.refusePlay = { status: 401, json: { message: 'Faça login para jogar com dinheiro real.' } };
    await s.play();
    expect(s.$play.get()).toEqual({ status: 'needsLogin' });
  });

  it('checks the limbo target and plays the chosen game with its params', async () => {
    const p = housePlatform();
    const s = await load();
    s.selectGame('limbo');
    s.setLimboText('1,00');
    expect(s.$paramsIssue.get()).toEqual({ key: 'house.limbo.targetInvalid' });
    await s.play();
    expect(plays(p.calls)).toEqual([]);
    s.setLimboText('2.5');
    await s.play();
    s.selectGame('plinko');
    s.setPlinko({ rows: 16, risk: 'high' });
    await s.play();
    expect(plays(p.calls).map((c) => [c.path, (c.body as { params: unknown }).params])).toEqual([
      ['/house/limbo/play', { target: 25_000 }],
      ['/house/plinko/play', { rows: 16, risk: 'high' }],
    ]);
  });

  it('keeps the dice target within 2.00 … 98.00', async () => {
    housePlatform();
    const s = await load();
    s.setDiceTarget(50);
    expect(s.$dice.get().target).toBe(200);
    s.setDiceTarget(99_99);
    expect(s.$dice.get().target).toBe(9800);
  });
});
