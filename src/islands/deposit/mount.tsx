import { createRoot, type Root } from 'react-dom/client';
import { readDepositConfig } from '../../lib/wallet/deposit-config.ts';
import { onPaymentApproved, startWalletRealtime } from '../../lib/wallet/wallet-realtime.ts';
import { $depositLimits, closeDepositModal, handlePaymentApproved, openDepositModal } from '../../stores/deposit.ts';
import { DepositRoot } from './DepositRoot.tsx';

/**
 * Entry of the deposit island, loaded on the first "Depositar" click, so
 * React and the QR encoder never load on pages where nobody deposits.
 */
let root: Root | null = null;
let host: HTMLElement | null = null;

function attachHost(): void {
  if (host && !host.isConnected) document.body.append(host);
}

/** Mounts the island once per page lifetime into a `#deposit-root` kept across ClientRouter navigations. */
export function ensureDepositRoot(): void {
  $depositLimits.set(readDepositConfig());
  if (root) {
    attachHost();
    return;
  }
  startWalletRealtime();
  onPaymentApproved((payload) => void handlePaymentApproved(payload));
  // A navigation swaps <body>: close the modal first (a modal <dialog> moved in the DOM loses its
  // modality), then carry the same host, with its React root, into the new body.
  document.addEventListener('astro:before-swap', closeDepositModal);
  document.addEventListener('astro:after-swap', attachHost);
  host = document.createElement('div');
  host.id = 'deposit-root';
  document.body.append(host);
  root = createRoot(host);
  root.render(<DepositRoot />);
}

/** Opens the deposit modal (false for a visitor: the caller shows the register modal). */
export function openDeposit(): boolean {
  ensureDepositRoot();
  return openDepositModal();
}
