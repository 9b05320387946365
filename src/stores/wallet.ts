import { computed } from 'nanostores';
import type { WalletView } from '../contract/wallet.ts';
import { api } from './api.ts';
import { $session, updateSessionUser } from './session.ts';

/**
 * The logged-in player's wallet (spec section 3 "wallet"): one source of
 * truth, the stored user's `wallet`, so the header balance, the deposit
 * modal and the wallet screens always agree. Realtime `BalanceUpdated`
 * events, deposit/withdrawal answers and `GET /profile/wallet` all go
 * through {@link applyWallet}.
 */

/** The wallet in integer centavos, or null for a guest (or before the first load). */
export const $wallet = computed($session, (session): WalletView | null => (session.status === 'user' ? (session.user.wallet ?? null) : null));

/** Stores a wallet the platform sent (an event or a call's answer). */
export function applyWallet(wallet: WalletView): void {
  const session = $session.get();
  if (session.status !== 'user') return;
  updateSessionUser({ ...session.user, wallet });
}

/** `GET /profile/wallet` → the player's wallet, without storing it; null for a visitor. */
export async function readWallet(): Promise<WalletView | null> {
  if ($session.get().status !== 'user') return null;
  const { wallet } = await api.get<{ wallet: WalletView }>('/profile/wallet');
  return wallet;
}

/** `GET /profile/wallet` → `{ wallet }`, stored; a failure keeps the last known wallet (the caller may show its own message). */
export async function refreshWallet(): Promise<WalletView | null> {
  const wallet = await readWallet();
  if (wallet) applyWallet(wallet);
  return wallet;
}
