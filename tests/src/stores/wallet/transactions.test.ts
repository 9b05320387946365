// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeWalletApi, page, signInPlayer, type Answer } from './fake-api.ts';

/** The money-history lists: pages appended, filters, the section 8 failure text, stale answers dropped. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  signInPlayer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (id: number, type: 'deposit' | 'withdraw', amount: number) => ({
  id,
  type,
  amount,
  balance_after: 0,
  balance_withdrawal_after: 0,
  reference: null,
  metadata: {},
  created_at: '2025-03-10T13:00:00Z',
});

describe('transactions', () => {
  it('loads page 1 with the filter, appends the next pages, and stops at the last one', async () => {
    const { calls } = fakeWalletApi({
      'GET /wallet/transactions': ({ query }) => (query.page === '1' ? page([row(3, 'deposit', 5000), row(2, 'withdraw', -2000)], 1, 2, 3) : page([row(1, 'deposit', 100)], 2, 2, 3)),
    });
    const { transactions } = await import('../../../../src/stores/transactions.ts');
    await transactions.reload();
    expect(calls.at(-1)!.query).toEqual({ page: '1', type: 'all' });
    expect(transactions.$state.get()).toMatchObject({ currentPage: 1, lastPage: 2, total: 3, request: { status: 'ready' } });
    expect(transactions.$hasMore.get()).toBe(true);

    await transactions.loadMore();
    expect(calls.at(-1)!.query).toEqual({ page: '2', type: 'all' });
    expect(transactions.$state.get().items.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(transactions.$hasMore.get()).toBe(false);

    await transactions.loadMore();
    expect(calls).toHaveLength(2);
  });

  it('ignores "load more" while a page is loading', async () => {
    const second = deferred<Answer>();
    const { calls } = fakeWalletApi({
      'GET /wallet/transactions': ({ query }) => (query.page === '1' ? page([row(3, 'deposit', 1)], 1, 3) : second.promise),
    });
    const { transactions } = await import('../../../../src/stores/transactions.ts');
    await transactions.reload();
    const loading = transactions.loadMore();
    expect(transactions.$state.get().request).toEqual({ status: 'loading', page: 2 });
    expect(transactions.$hasMore.get()).toBe(false);
    await transactions.loadMore();
    second.resolve(page([row(2, 'deposit', 1)], 2, 3));
    await loading;
    expect(calls.filter((c) => c.query.page === '2')).toHaveLength(1);
    expect(transactions.$state.get().items.map((r) => r.id)).toEqual([3, 2]);
  });

  it('a filter change clears the list and reloads page 1 of that type; an older answer arriving late is dropped', async () => {
    const slowAll = deferred<Answer>();
    const { calls } = fakeWalletApi({
      'GET /wallet/transactions': ({ query }) => (query.type === 'all' ? slowAll.promise : page([row(9, 'withdraw', -500)], 1, 1)),
    });
    const t = await import('../../../../src/stores/transactions.ts');
    const first = t.transactions.reload();
    await t.setTransactionFilter('withdraws');
    expect(calls.at(-1)!.query).toEqual({ page: '1', type: 'withdraws' });
    slowAll.resolve(page([row(1, 'deposit', 5000)], 1, 1));
    await first;
    expect(t.$transactionFilter.get()).toBe('withdraws');
    expect(t.transactions.$state.get().items.map((r) => r.id)).toEqual([9]);

    // The filter already shown: no new call.
    await t.setTransactionFilter('withdraws');
    expect(calls.filter((c) => c.query.type === 'withdraws')).toHaveLength(1);
  });

  it('a failure shows "Falha ao buscar transações." (wallet.errors.fetch), keeps shown rows, and retry asks for the same page', async () => {
    let fail = true;
    const { calls } = fakeWalletApi({
      'GET /wallet/transactions': ({ query }) => {
        if (query.page === '2' && fail) return { status: 500, json: { message: 'boom' } };
        return query.page === '1' ? page([row(2, 'deposit', 1)], 1, 2) : page([row(1, 'deposit', 1)], 2, 2);
      },
    });
    const { transactions } = await import('../../../../src/stores/transactions.ts');
    await transactions.reload();
    await transactions.loadMore();
    expect(transactions.$state.get().request).toEqual({ status: 'error', page: 2, message: { key: 'wallet.errors.fetch' } });
    expect(transactions.$state.get().items.map((r) => r.id)).toEqual([2]);

    fail = false;
    await transactions.retry();
    expect(calls.at(-1)!.query.page).toBe('2');
    expect(transactions.$state.get().items.map((r) => r.id)).toEqual([2, 1]);
  });

  it('a network failure on page 1 shows the same text; retry reloads page 1', async () => {
    let offline = true;
    fakeWalletApi({ 'GET /wallet/bets': () => page([], 1, 1) });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init)));
    const { casinoBets } = await import('../../../../src/stores/casino-bets.ts');
    await casinoBets.reload();
    expect(casinoBets.$state.get().request).toMatchObject({ status: 'error', message: { key: 'wallet.errors.fetch' } });
    offline = false;
    await casinoBets.retry();
    expect(casinoBets.$state.get()).toMatchObject({ currentPage: 1, request: { status: 'ready' } });
  });

  it("signing out empties the lists, so the next player never sees the previous player's rows", async () => {
    fakeWalletApi({ 'GET /wallet/bonuses': () => page([{ id: 1, type: 'bonus', amount: 1000, description: 'CUPOM10', date: '2025-03-10T13:00:00Z' }], 1, 1) });
    const { walletBonuses } = await import('../../../../src/stores/wallet-bonuses.ts');
    const { signOut } = await import('../../../../src/stores/session.ts');
    await walletBonuses.reload();
    expect(walletBonuses.$state.get().items).toHaveLength(1);
    signOut();
    expect(walletBonuses.$state.get()).toMatchObject({ items: [], currentPage: 0, request: { status: 'idle' } });
  });
});

describe('row words', () => {
  it('tells a withdrawal reservation from the return of its money', async () => {
    const { transactionKindKey, transactionDirection } = await import('../../../../src/stores/transactions.ts');
    expect(transactionKindKey({ type: 'withdraw', amount: -5000 })).toBe('wallet.transactions.kind.withdraw');
    expect(transactionKindKey({ type: 'withdraw', amount: 5000 })).toBe('wallet.transactions.kind.withdrawReturn');
    expect(transactionKindKey({ type: 'deposit', amount: 5000 })).toBe('wallet.transactions.kind.deposit');
    expect(transactionDirection({ amount: -1 })).toBe('out');
    expect(transactionDirection({ amount: 1 })).toBe('in');
  });
});

describe('following the balance', () => {
  it('asks for page 1 again when the balance changes (a realtime BalanceUpdated), keeping the rows shown meanwhile', async () => {
    let rows = [row(1, 'deposit', 5000)];
    const { calls } = fakeWalletApi({ 'GET /wallet/transactions': () => page(rows, 1, 1) });
    const { transactions } = await import('../../../../src/stores/transactions.ts');
    const { refreshOnWalletChange } = await import('../../../../src/stores/wallet-paged-list.ts');
    const { applyWallet } = await import('../../../../src/stores/wallet.ts');
    await transactions.reload();
    const stop = refreshOnWalletChange(transactions);

    // Same figures (e.g. a profile reload): nothing asked.
    applyWallet({ balance: 10_000, balance_withdrawal: 8_000, deposit_count: 1 });
    expect(calls).toHaveLength(1);

    rows = [row(2, 'deposit', 2000), ...rows];
    applyWallet({ balance: 12_000, balance_withdrawal: 10_000, deposit_count: 2 });
    expect(transactions.$state.get().items.map((r) => r.id)).toEqual([1]);
    await vi.waitFor(() => expect(transactions.$state.get().items.map((r) => r.id)).toEqual([2, 1]));

    stop();
    applyWallet({ balance: 1, balance_withdrawal: 1, deposit_count: 2 });
    expect(calls).toHaveLength(2);
  });
});
