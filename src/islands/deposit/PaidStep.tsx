import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { closeDepositModal, type PixCharge } from '../../stores/deposit.ts';
import { $wallet } from '../../stores/wallet.ts';
import { Confetti } from './Confetti.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';

/** The deposit arrived: amount credited, the balance now, confetti. */
export function PaidStep({ t, locale, charge }: { t: TFunction; locale: Locale; charge: PixCharge }) {
  const wallet = useStore($wallet);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="deposit-step deposit-outcome deposit-outcome--paid" data-testid="deposit-paid">
      <Confetti />
      <svg className="deposit-outcome__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z" />
      </svg>
      <h3 ref={heading} tabIndex={-1}>
        {t('deposit.paid.title')}
      </h3>
      <p>{t('deposit.paid.text', { amount: formatBRL(charge.amount, locale) })}</p>
      {wallet && <p className="deposit-outcome__balance">{t('deposit.paid.balance', { balance: formatBRL(wallet.balance, locale) })}</p>}
      <button type="button" className="button button--primary" onClick={closeDepositModal}>
        {t('deposit.paid.done')}
      </button>
    </div>
  );
}
