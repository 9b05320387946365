import { RealtimeEvent } from '../contract/realtime.ts';
import type { WalletView } from '../contract/wallet.ts';
import { applyWallet, readWallet } from './wallet.ts';
import { onUserChannel } from '../lib/auth/user-realtime.ts';
import { isWalletHoldKey, walletHoldMs } from '../lib/house/wallet-hold.ts';

/**
 * The wallet's realtime events on the player's private channel (spec
 * sections 4 and 7): `BalanceUpdated` {wallet} replaces the stored wallet
 * (the header balance follows), `PaymentApproved` {txid, amount} goes to
 * whoever listens (the deposit store, once loaded).
 *
 * The channel is joined by `session-effects` 1 s after a sign-in, on a
 * connection opened asynchronously; `onUserChannel` reports each join.
 */

/** Minimal views of laravel-echo's objects, so tests can pass fakes. */
export interface ListeningChannel {
  listen(event: string, callback: (payload: unknown) => void): unknown;
  /** Runs once the server confirms the subscription (laravel-echo's `subscribed`). */
  subscribed?(callback: () => void): unknown;
}
export interface EchoLike {
  private(channel: string): ListeningChannel;
}

type PaymentListener = (payload: unknown) => void;
const paymentListeners = new Set<PaymentListener>();

/** Runs for every `PaymentApproved` of the current player. Returns an unsubscribe function. */
export function onPaymentApproved(listener: PaymentListener): () => void {
  paymentListeners.add(listener);
  return () => paymentListeners.delete(listener);
}

const isCentavos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A `BalanceUpdated` payload's wallet, or null when it is not one (never stored half-valid). */
export function walletOfEvent(payload: unknown): WalletView | null {
  const wallet = typeof payload === 'object' && payload !== null ? (payload as { wallet?: unknown }).wallet : undefined;
  if (typeof wallet !== 'object' || wallet === null) return null;
  const { balance, balance_withdrawal, deposit_count } = wallet as Record<string, unknown>;
  if (!isCentavos(balance) || !isCentavos(balance_withdrawal) || !isCentavos(deposit_count)) return null;
  return { balance, balance_withdrawal, deposit_count };
}

/** The latest wallet received during a house-round hold (see `wallet-hold.ts`), applied when it ends. */
let heldWallet: WalletView | null = null;
let heldTimer: ReturnType<typeof setTimeout> | undefined;
let listeningForRelease = false;

function applyHeldWallet(): void {
  clearTimeout(heldTimer);
  heldTimer = undefined;
  const wait = walletHoldMs();
  if (wait > 0) {
    heldTimer = setTimeout(applyHeldWallet, wait);
    return;
  }
  const wallet = heldWallet;
  heldWallet = null;
  if (wallet) applyWallet(wallet);
}

export function receiveBalanceUpdated(payload: unknown): void {
  const wallet = walletOfEvent(payload);
  if (wallet) receiveWallet(wallet);
}

/** A wallet the platform reported (an event, or the read after joining): at once, or when a house round's reveal ends. */
function receiveWallet(wallet: WalletView): void {
  if (walletHoldMs() === 0 && !heldWallet) {
    applyWallet(wallet);
    return;
  }
  // A house round is being revealed: the balance waits for the ball to land.
  heldWallet = wallet;
  if (!listeningForRelease && typeof window !== 'undefined') {
    listeningForRelease = true;
    addEventListener('storage', (event: StorageEvent) => {
      if (heldWallet && isWalletHoldKey(event.key)) applyHeldWallet();
    });
  }
  applyHeldWallet();
}

export function receivePaymentApproved(payload: unknown): void {
  for (const listener of paymentListeners) listener(payload);
}

/**
 * Listens for the wallet events on `channel` of `echo` (Echo hands back the
 * channel already joined by that name). A new sign-in makes a new connection,
 * which is bound again. The channel is joined a second or more after the
 * page loads: a balance change in between (a round in a game frame, a
 * deposit paid) sent no event this page heard, so once the subscription is
 * confirmed the wallet is read again, held like an event while a house
 * round is revealed.
 */
export function bindWalletEvents(echo: EchoLike, channel: string): void {
  const joined = echo.private(channel);
  joined.listen(RealtimeEvent.BalanceUpdated, receiveBalanceUpdated);
  joined.listen(RealtimeEvent.PaymentApproved, receivePaymentApproved);
  // Through the same hold as the events: a read landing while a house round's ball falls must not show its payout early.
  joined.subscribed?.(() => void readWallet().then((wallet) => wallet && receiveWallet(wallet), () => undefined));
}

let started = false;

/** Starts listening on the player's channel each time one is joined on this page; calling it again is a no-op. */
export function startWalletRealtime(): void {
  if (started) return;
  started = true;
  onUserChannel(bindWalletEvents);
}
