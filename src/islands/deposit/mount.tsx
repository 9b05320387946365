import { readDepositConfig } from '../../lib/wallet/deposit-config.ts';
import { onPaymentApproved, startWalletRealtime } from '../../stores/wallet-realtime.ts';
import { $depositLimits, closeDepositModal, handlePaymentApproved, openDepositModal } from '../../stores/deposit.ts';
import { pageIsland } from '../shared/page-island.tsx';
import { DepositRoot } from './DepositRoot.tsx';

/**
 * Entry of the deposit island, loaded on the first "Depositar" click, so
 * React and the QR encoder never load on pages where nobody deposits;
 * mounted once per page lifetime into `#deposit-root`. A navigation closes the modal.
 */
const mountDeposit = pageIsland(
  'deposit-root',
  () => {
    startWalletRealtime();
    onPaymentApproved((payload) => void handlePaymentApproved(payload));
    return <DepositRoot />;
  },
  { beforeSwap: closeDepositModal },
);

/** Mounts the island (once) with the page's deposit limits. */
export function ensureDepositRoot(): void {
  $depositLimits.set(readDepositConfig());
  mountDeposit();
}

/** Opens the deposit modal (false for a visitor: the caller shows the register modal). */
export function openDeposit(): boolean {
  ensureDepositRoot();
  return openDepositModal();
}
