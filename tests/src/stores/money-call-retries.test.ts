// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawalView } from '../../../src/contract/wallet.ts';
import { installTestRuntime } from './auth-fake-api.ts';
import { signInPlayer, WALLET } from './wallet/fake-api.ts';

/**
 * Every money action of the site (Pix charge, withdrawal, cancel, house
 * round) sends one `Idempotency-Key` per click and repeats the call with the
 * same key when the answer is lost (network failure) or the platform is
 * briefly unavailable (503), so the platform moves the money once.
 */

type Outcome = 'network' | { status?: number; json: unknown };

/** A platform whose routes answer from a script, one outcome per call (the last one repeats); records each call's key. */
function flakyApi(routes: Record<string, Outcome[]>): { keys: (route: string) => (string | null)[] } {
  const seen: Array<{ route: string; key: string | null }> = [];
  installTestRuntime();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const route = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
    seen.push({ route, key: request.headers.get('idempotency-key') });
    const script = routes[route] ?? [{ status: 404, json: { message: 'Not found' } }];
    const outcome = script.length > 1 ? script.shift()! : script[0]!;
    if (outcome === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(outcome.json), { status: outcome.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { keys: (route) => seen.filter((s) => s.route === route).map((s) => s.key) };
}

const CHARGE = { txid: 'TX1', qrcode: '00020101BRCODE', amount: 5_000, expires_at: new Date(Date.now() + 300_000).toISOString(), show: true };
const CPF_KEY = { id: 1, type: 'cpf', key: '52998224725', created_at: '2025-03-01T12:00:00Z' } as const;
const WITHDRAWAL: WithdrawalView = { id: 3, amount: 5_000, status: 0, method: CPF_KEY, reason: null, created_at: '2025-03-10T13:00:00Z', updated_at: '2025-03-10T13:00:00Z' };
const ROUND = {
  id: 100,
  game: 'dice',
  demo: false,
  amount: 100,
  payout: 0,
  multiplier: 0,
  params: { target: 5000, direction: 'under' },
  outcome: { game: 'dice', roll: 7777 },
  server_seed_hash: 'a'.repeat(64),
  client_seed: 'lucky',
  nonce: 0,
  server_seed: null,
  created_at: '2026-11-22T03:00:00.000Z',
};

/** Two keys of one click are the same UUID, and a second click gets a different one. */
function expectOneKeyPerClick(keys: (string | null)[], perClick: [number, number]): void {
  expect(keys).toHaveLength(perClick[0] + perClick[1]);
  const first = keys.slice(0, perClick[0]);
  const second = keys.slice(perClick[0]);
  expect(first[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(new Set(first)).toEqual(new Set([first[0]]));
  expect(new Set(second)).toEqual(new Set([second[0]]));
  expect(second[0]).not.toBe(first[0]);
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  signInPlayer();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one Idempotency-Key per click, reused on automatic retries', () => {
  it('Pix charge: a lost answer is retried with the same key and the charge shows', async () => {
    const api = flakyApi({ 'POST /main-gateway/qrcode-pix': ['network', { json: CHARGE }] });
    const d = await import('../../../src/stores/deposit.ts');
    d.$depositLimits.set({ min: 1_000, max: 5_000_000 });
    d.setAmountText('50');
    await d.generatePix();
    expect(d.$deposit.get()).toMatchObject({ step: 'waiting', charge: { txid: 'TX1' } });
    expect(d.$depositError.get()).toBeNull();
    d.closeDepositModal();
    await d.generateAgain();
    expectOneKeyPerClick(api.keys('POST /main-gateway/qrcode-pix'), [2, 1]);
    d.closeDepositModal();
  });

  it('withdrawal: a 503 then a lost answer are retried with the same key; the reservation shows once', async () => {
    const made = { withdrawal: WITHDRAWAL, wallet: { ...WALLET, balance: 5_000, balance_withdrawal: 3_000 } };
    const api = flakyApi({
      'GET /wallet/withdraw/methods': [{ json: { methods: [CPF_KEY], limits: { min: 1_000, max: 500_000 }, missing_verification: [] } }],
      'POST /wallet/withdraw/request': [{ status: 503, json: { message: 'Serviço indisponível no momento.' } }, 'network', { status: 201, json: made }],
    });
    const w = await import('../../../src/stores/withdraw.ts');
    const { $wallet } = await import('../../../src/stores/wallet.ts');
    await w.loadWithdrawSetup();
    w.withdrawForm.set('amount', '50');
    expect(await w.requestWithdrawal()).toEqual(WITHDRAWAL);
    expect($wallet.get()).toEqual(made.wallet);
    w.withdrawForm.set('amount', '20');
    await w.requestWithdrawal();
    expectOneKeyPerClick(api.keys('POST /wallet/withdraw/request'), [3, 1]);
  });

  it('cancel: a lost answer is retried with the same key and the dialog closes', async () => {
    const api = flakyApi({
      'POST /main-gateway/user-cancel-withdrawal': ['network', { json: { withdrawal: { ...WITHDRAWAL, status: 2, reason: 'cancelled_by_player' }, wallet: WALLET } }],
    });
    const store = await import('../../../src/stores/withdrawals.ts');
    store.askCancelWithdrawal(WITHDRAWAL);
    expect(await store.confirmCancelWithdrawal()).toBe(true);
    expect(store.$cancelFlow.get()).toEqual({ status: 'idle' });
    store.askCancelWithdrawal(WITHDRAWAL);
    await store.confirmCancelWithdrawal();
    expectOneKeyPerClick(api.keys('POST /main-gateway/user-cancel-withdrawal'), [2, 1]);
  });

  it('house round: a lost answer is retried with the same key and the round shows', async () => {
    const api = flakyApi({
      'GET /house/fairness': [{ json: { server_seed_hash: 'a'.repeat(64), client_seed: 'lucky', nonce: 0 } }],
      'POST /house/dice/play': ['network', { json: { round: ROUND, wallet: { ...WALLET, balance: 9_900 } } }],
    });
    const h = await import('../../../src/stores/house.ts');
    h.setMode('real');
    h.setAmountText('1,00');
    expect((await h.play())?.id).toBe(100);
    expect(h.$play.get()).toMatchObject({ status: 'revealing', round: { id: 100 } });
    await h.play();
    expectOneKeyPerClick(api.keys('POST /house/dice/play'), [2, 1]);
  });

  it('a refusal (4xx) is not retried; calls that move no money carry no key and are not retried', async () => {
    const api = flakyApi({
      'POST /main-gateway/qrcode-pix': [{ status: 422, json: { message: 'Cadastre seu CPF.' } }],
      'GET /wallet/withdraw/methods': ['network', { json: {} }],
    });
    const d = await import('../../../src/stores/deposit.ts');
    d.$depositLimits.set({ min: 1_000, max: 5_000_000 });
    d.setAmountText('50');
    await d.generatePix();
    expect(api.keys('POST /main-gateway/qrcode-pix')).toHaveLength(1);
    const w = await import('../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    expect(api.keys('GET /wallet/withdraw/methods')).toEqual([null]);
  });

  it('gives up after three retries, reporting the failure once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const api = flakyApi({ 'POST /main-gateway/user-cancel-withdrawal': ['network'] });
    const { $networkErrorCount } = await import('../../../src/stores/api-errors.ts');
    const store = await import('../../../src/stores/withdrawals.ts');
    const before = $networkErrorCount.get();
    store.askCancelWithdrawal(WITHDRAWAL);
    const done = store.confirmCancelWithdrawal();
    await vi.runAllTimersAsync();
    expect(await done).toBe(false);
    const keys = api.keys('POST /main-gateway/user-cancel-withdrawal');
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect($networkErrorCount.get()).toBe(before + 1);
  });
});
