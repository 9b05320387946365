import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { refreshWallet } from '../../stores/wallet.ts';
import { walletBonuses } from '../../stores/wallet-bonuses.ts';
import { loadWithdrawSetup } from '../../stores/withdraw.ts';
import { refreshOnWalletChange } from '../../stores/wallet-paged-list.ts';
import { withdrawals } from '../../stores/withdrawals.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { BonusesCard } from './BonusesCard.tsx';
import { WithdrawalsCard } from './WithdrawalsCard.tsx';
import { WithdrawCard } from './WithdrawCard.tsx';
import './wallet.css';

/** `/account/wallet` ("Carteira"): balance, withdraw by Pix, the player's withdrawals, bonuses. */
export function WalletView({ t, locale }: { t: TFunction; locale: Locale }) {
  const [refreshFailed, setRefreshFailed] = useState(false);

  useEffect(() => {
    // The stored wallet shows at once; GET /profile/wallet then confirms it (a failure keeps the stored one).
    refreshWallet().then(
      () => setRefreshFailed(false),
      () => setRefreshFailed(true),
    );
    void loadWithdrawSetup();
    void withdrawals.reload();
    void walletBonuses.reload();
    // A withdrawal refused by the PSP or a bonus credited changes the balance: show it without a reload.
    const stopWithdrawals = refreshOnWalletChange(withdrawals);
    const stopBonuses = refreshOnWalletChange(walletBonuses);
    return () => {
      stopWithdrawals();
      stopBonuses();
    };
  }, []);

  return (
    <div className="wallet">
      <BalanceCard t={t} locale={locale} refreshFailed={refreshFailed} />
      <WithdrawCard t={t} locale={locale} />
      <WithdrawalsCard t={t} locale={locale} />
      <BonusesCard t={t} locale={locale} />
    </div>
  );
}
