// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeWalletApi, page, signInPlayer, WALLET, type Answer } from './fake-api.ts';

/** Cancelling a withdrawal: only after the confirmation, only while cancellable; the row and the balance follow the answer. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  signInPlayer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const KEY = { id: 1, type: 'cpf', key: '52998224725', created_at: '2025-03-01T12:00:00Z' } as const;
const withdrawal = (id: number, status: 0 | 1 | 2 | 3 | 4 | 5, amount = 5_000) => ({
  id,
  amount,
  status,
  method: KEY,
  reason: null,
  created_at: '2025-03-10T13:00:00Z',
  updated_at: '2025-03-10T13:00:00Z',
});

async function setUp(cancel: () => Answer | Promise<Answer>) {
  const api = fakeWalletApi({
    'GET /wallet/withdrawals': () => page([withdrawal(3, 0), withdrawal(2, 4), withdrawal(1, 5)], 1, 1),
    'POST /main-gateway/user-cancel-withdrawal': cancel,
  });
  const store = await import('../../../../src/stores/withdrawals.ts');
  const { $wallet } = await import('../../../../src/stores/wallet.ts');
  await store.withdrawals.reload();
  return { ...api, store, $wallet };
}

describe('cancel flow', () => {
  it('asks first; "Voltar" closes without calling; confirming cancels, updates the row and returns the funds', async () => {
    const returned = { ...WALLET, balance: 15_000, balance_withdrawal: 13_000 };
    const { calls, store, $wallet } = await setUp(() => ({ json: { withdrawal: { ...withdrawal(3, 2), reason: 'cancelled_by_player' }, wallet: returned } }));
    const pending = store.withdrawals.$state.get().items[0]!;

    expect(store.askCancelWithdrawal(pending)).toBe(true);
    expect(store.$cancelFlow.get()).toEqual({ status: 'confirming', withdrawal: pending });
    store.dismissCancelWithdrawal();
    expect(store.$cancelFlow.get()).toEqual({ status: 'idle' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    store.askCancelWithdrawal(pending);
    expect(await store.confirmCancelWithdrawal()).toBe(true);
    expect(calls.at(-1)).toMatchObject({ path: '/main-gateway/user-cancel-withdrawal', body: { id: 3 } });
    expect(store.$cancelFlow.get()).toEqual({ status: 'idle' });
    expect(store.withdrawals.$state.get().items.map((w) => [w.id, w.status])).toEqual([
      [3, 2],
      [2, 4],
      [1, 5],
    ]);
    expect($wallet.get()).toEqual(returned);
    expect(store.$cancelNotice.get()).toEqual({ key: 'wallet.withdrawals.cancelled' });
  });

  it('never opens for a status that cannot be cancelled (processing, approved, cancelled, invalid key)', async () => {
    const { store } = await setUp(() => ({ json: { withdrawal: withdrawal(1, 2), wallet: WALLET } }));
    for (const status of [1, 2, 3, 4] as const) expect(store.askCancelWithdrawal(withdrawal(9, status))).toBe(false);
    expect(store.askCancelWithdrawal(withdrawal(1, 5))).toBe(true);
    expect(store.$cancelFlow.get().status).toBe('confirming');
    expect(await store.confirmCancelWithdrawal()).toBe(true);
  });

  it('is cancelling (buttons disabled) while the call is on its way, and "Voltar" cannot close it then', async () => {
    const answer = deferred<Answer>();
    const { store } = await setUp(() => answer.promise);
    const pending = store.withdrawals.$state.get().items[0]!;
    store.askCancelWithdrawal(pending);
    const done = store.confirmCancelWithdrawal();
    expect(store.$cancelFlow.get().status).toBe('cancelling');
    store.dismissCancelWithdrawal();
    expect(store.$cancelFlow.get().status).toBe('cancelling');
    expect(await store.confirmCancelWithdrawal()).toBe(false);
    answer.resolve({ json: { withdrawal: withdrawal(3, 2), wallet: WALLET } });
    expect(await done).toBe(true);
  });

  it("a refusal keeps the dialog open with the platform's message and reloads the list", async () => {
    const { calls, store, $wallet } = await setUp(() => ({ status: 422, json: { message: 'x', errors: { id: ['Este saque já está em processamento.'] } } }));
    const pending = store.withdrawals.$state.get().items[0]!;
    store.askCancelWithdrawal(pending);
    expect(await store.confirmCancelWithdrawal()).toBe(false);
    expect(store.$cancelFlow.get()).toEqual({ status: 'error', withdrawal: pending, message: { text: 'Este saque já está em processamento.' } });
    expect($wallet.get()).toEqual(WALLET);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/wallet/withdrawals')).toHaveLength(2));
  });

  it('the withdrawal just requested follows its cancellation', async () => {
    const { store } = await setUp(() => ({ json: { withdrawal: withdrawal(3, 2), wallet: WALLET } }));
    store.$lastWithdrawal.set(withdrawal(3, 0));
    store.askCancelWithdrawal(withdrawal(3, 0));
    await store.confirmCancelWithdrawal();
    expect(store.$lastWithdrawal.get()?.status).toBe(2);
  });
});
