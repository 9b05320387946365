import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $wallet } from '../../stores/wallet.ts';

/**
 * Balance and withdrawable balance, read only from `$wallet`: a realtime
 * `BalanceUpdated`, a withdrawal or a cancel changes them here at once.
 * "Depositar" is a plain `data-deposit-open` button; the header module
 * opens the deposit modal.
 */
export function BalanceCard({ t, locale, refreshFailed }: { t: TFunction; locale: Locale; refreshFailed: boolean }) {
  const wallet = useStore($wallet);
  const headingId = useId();
  const amount = (centavos: number | undefined) => (centavos === undefined ? '—' : formatBRL(centavos, locale));
  return (
    <section className="account-card wallet-card wallet-balance" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('wallet.balance.heading')}</h2>
      <dl className="wallet-balance__figures">
        <div>
          <dt>{t('wallet.balance.total')}</dt>
          <dd className="wallet-balance__main" data-testid="wallet-balance" aria-live="polite">
            {amount(wallet?.balance)}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.balance.withdrawable')}</dt>
          <dd className="wallet-balance__sub" data-testid="wallet-withdrawable" aria-live="polite">
            {amount(wallet?.balance_withdrawal)}
          </dd>
        </div>
      </dl>
      <p className="field__hint">{t('wallet.balance.withdrawableHint')}</p>
      {refreshFailed && (
        <p className="field__hint" role="status">
          {t('wallet.balance.refreshFailed')}
        </p>
      )}
      <div className="wallet-balance__actions">
        <button type="button" className="button button--primary" data-deposit-open>
          {t('wallet.balance.deposit')}
        </button>
        <a className="button wallet-link-button" href={localePath(locale, '/user/edit/transaction')}>
          {t('wallet.balance.transactions')}
        </a>
        <a className="button wallet-link-button" href={localePath(locale, '/user/edit/history-casino')}>
          {t('wallet.balance.bets')}
        </a>
      </div>
    </section>
  );
}
