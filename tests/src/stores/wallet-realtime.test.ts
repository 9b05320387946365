// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/**
 * The wallet's realtime events on the player's private channel:
 * BalanceUpdated replaces the stored wallet (the one the header shows),
 * PaymentApproved reaches its listeners.
 */
/** The player-channel hook of user-realtime, driven by the test: `join` plays "a player's channel was joined". */
const channelHook = vi.hoisted(() => ({
  listeners: new Set<(connection: unknown, channel: string) => void>(),
  join(connection: unknown, channel: string) {
    for (const listener of this.listeners) listener(connection, channel);
  },
}));
vi.mock('../../../src/lib/auth/user-realtime.ts', () => ({
  onUserChannel: (listener: (connection: unknown, channel: string) => void) => {
    channelHook.listeners.add(listener);
    return () => channelHook.listeners.delete(listener);
  },
}));

/** A stand-in for laravel-echo: records listeners per channel and lets the test fire events. */
function fakeEcho() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const channels: string[] = [];
  const onSubscribed: Array<() => void> = [];
  return {
    channels,
    private(name: string) {
      channels.push(name);
      return {
        listen(event: string, callback: (payload: unknown) => void) {
          listeners.set(`${name} ${event}`, callback);
          return this;
        },
        subscribed(callback: () => void) {
          onSubscribed.push(callback);
          return this;
        },
      };
    },
    fire(channel: string, event: string, payload: unknown) {
      listeners.get(`${channel} ${event}`)?.(payload);
    },
    confirmSubscription() {
      for (const callback of onSubscribed) callback();
    },
  };
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  channelHook.listeners.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 100, balance_withdrawal: 100, deposit_count: 0 } }));
  fakeApi({});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = async () => ({
  ...(await import('../../../src/stores/wallet-realtime.ts')),
  ...(await import('../../../src/stores/wallet.ts')),
  ...(await import('../../../src/stores/auth.ts')),
});

describe('wallet realtime', () => {
  it('binds to the player channel when it is joined; BalanceUpdated replaces the wallet', async () => {
    const rt = await load();
    rt.startWalletRealtime();
    const connection = fakeEcho();
    expect(connection.channels).toEqual([]);
    channelHook.join(connection, 'universal.7');
    expect(connection.channels).toEqual(['universal.7']);

    connection.fire('universal.7', 'BalanceUpdated', { wallet: { balance: 5_100, balance_withdrawal: 5_100, deposit_count: 1 } });
    expect(rt.$wallet.get()).toEqual({ balance: 5_100, balance_withdrawal: 5_100, deposit_count: 1 });
    // Half-valid payloads are never stored.
    connection.fire('universal.7', 'BalanceUpdated', { wallet: { balance: -1, balance_withdrawal: 0, deposit_count: 1 } });
    connection.fire('universal.7', 'BalanceUpdated', { wallet: { balance: 1.5, balance_withdrawal: 0, deposit_count: 1 } });
    connection.fire('universal.7', 'BalanceUpdated', {});
    expect(rt.$wallet.get()).toEqual({ balance: 5_100, balance_withdrawal: 5_100, deposit_count: 1 });
  });

  it('reads the wallet again once the channel is subscribed: a change before the join sent no event this page heard', async () => {
    const { calls } = fakeApi({ 'GET /profile/wallet': () => ({ json: { wallet: { balance: 4_200, balance_withdrawal: 4_200, deposit_count: 1 } } }) });
    const rt = await load();
    rt.startWalletRealtime();
    const connection = fakeEcho();
    channelHook.join(connection, 'universal.7');
    expect(calls.filter((c) => c.path === '/profile/wallet')).toHaveLength(0);
    connection.confirmSubscription();
    await vi.waitFor(() => expect(rt.$wallet.get()?.balance).toBe(4_200));
    expect(calls.filter((c) => c.path === '/profile/wallet')).toHaveLength(1);
  });

  it('the read after joining waits, like an event, while a house round is revealed', async () => {
    const { calls } = fakeApi({ 'GET /profile/wallet': () => ({ json: { wallet: { balance: 4_200, balance_withdrawal: 4_200, deposit_count: 1 } } }) });
    const rt = await load();
    const hold = await import('../../../src/lib/house/wallet-hold.ts');
    rt.startWalletRealtime();
    const connection = fakeEcho();
    channelHook.join(connection, 'universal.7');
    hold.holdWalletEvents();
    connection.confirmSubscription();
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/profile/wallet')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rt.$wallet.get()?.balance).toBe(100);
    hold.releaseWalletEvents();
    dispatchEvent(new StorageEvent('storage', { key: 'house-wallet-hold-until' }));
    expect(rt.$wallet.get()?.balance).toBe(4_200);
  });

  it('holds BalanceUpdated while a house round is revealed (set in another document), applies the latest at the release or the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const rt = await load();
    const hold = await import('../../../src/lib/house/wallet-hold.ts');
    const connection = fakeEcho();
    rt.bindWalletEvents(connection, 'universal.7');
    const wallet = (balance: number) => ({ balance, balance_withdrawal: balance, deposit_count: 1 });

    hold.holdWalletEvents();
    connection.fire('universal.7', 'BalanceUpdated', { wallet: wallet(90) });
    connection.fire('universal.7', 'BalanceUpdated', { wallet: wallet(80) });
    expect(rt.$wallet.get()?.balance).toBe(100);
    // The frame ends its reveal: the page around it hears the storage event.
    hold.releaseWalletEvents();
    dispatchEvent(new StorageEvent('storage', { key: 'house-wallet-hold-until' }));
    expect(rt.$wallet.get()?.balance).toBe(80);

    // A frame that never releases: the deadline applies it.
    hold.holdWalletEvents();
    connection.fire('universal.7', 'BalanceUpdated', { wallet: wallet(70) });
    vi.advanceTimersByTime(hold.WALLET_HOLD_MAX_MS - 1);
    expect(rt.$wallet.get()?.balance).toBe(80);
    vi.advanceTimersByTime(1);
    expect(rt.$wallet.get()?.balance).toBe(70);
    // No hold: at once.
    connection.fire('universal.7', 'BalanceUpdated', { wallet: wallet(60) });
    expect(rt.$wallet.get()?.balance).toBe(60);
  });

  it('PaymentApproved reaches every listener; a new sign-in binds the new connection once', async () => {
    const rt = await load();
    rt.startWalletRealtime();
    rt.startWalletRealtime();
    const first = fakeEcho();
    channelHook.join(first, 'universal.7');
    const heard = vi.fn();
    rt.onPaymentApproved(heard);
    first.fire('universal.7', 'PaymentApproved', { txid: 'TX1', amount: 5_000 });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({ txid: 'TX1', amount: 5_000 });

    rt.endSession();
    rt.completeSignIn('tok-2', { ...USER, id: 8 });
    const second = fakeEcho();
    channelHook.join(second, 'universal.8');
    expect(second.channels).toEqual(['universal.8']);
  });
});
