import { $session } from '../../stores/session.ts';
import { currentLocale } from '../../lib/locale.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { loadIsland } from '../load-island.ts';

/**
 * The header's balance and every "Depositar" button of the page
 * (`[data-deposit-open]`, in the header or on any screen), without React:
 * this tiny module runs on every page with the header. The deposit island
 * (React, the QR encoder) loads on the first click; a visitor's click opens
 * the register modal instead (spec sections 2 and 6).
 *
 * The balance is the session user's `wallet` (what `$wallet` in
 * `stores/wallet.ts` exposes), read from `$session` directly because that
 * store pulls in the API client, which no page needs before an interaction.
 */

function showBalance(): void {
  const session = $session.get();
  const wallet = session.status === 'user' ? session.user.wallet : undefined;
  const text = wallet ? formatBRL(wallet.balance, currentLocale()) : '';
  for (const element of document.querySelectorAll<HTMLElement>('[data-wallet-balance]')) {
    element.textContent = text;
    element.hidden = !wallet;
  }
}

/** Opens the deposit modal for a player, the register modal for a visitor. */
export function openDepositOrRegister(): void {
  if ($session.get().status === 'user') {
    void loadIsland(() => import('../../islands/deposit/mount.tsx')).then((m) => m.openDeposit());
  } else {
    void loadIsland(() => import('../../islands/auth/mount.tsx')).then((m) => m.openAuth('register'));
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target?.closest('[data-deposit-open]')) return;
  event.preventDefault();
  openDepositOrRegister();
}

let realtime = false;

/** The wallet's realtime events (BalanceUpdated → balance) for a player, loaded once one is signed in. */
function listenForPlayer(): void {
  if (realtime || $session.get().status !== 'user') return;
  realtime = true;
  void import('../../stores/wallet-realtime.ts').then((m) => m.startWalletRealtime()).catch(() => {
    realtime = false;
  });
}

let started = false;

/** Wires the header once per full page load; ClientRouter swaps bring a new header, refilled on `astro:after-swap`. */
export function initHeaderWallet(): void {
  if (started) return;
  started = true;
  showBalance();
  listenForPlayer();
  $session.listen(() => {
    showBalance();
    listenForPlayer();
  });
  document.addEventListener('click', onClick);
  document.addEventListener('astro:after-swap', showBalance);
}
