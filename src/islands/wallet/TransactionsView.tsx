import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { TRANSACTION_FILTERS, type TransactionView } from '../../contract/wallet.ts';
import { groupByDay, timeOfDay } from '../../lib/wallet/day-label.ts';
import { withdrawalStatusKey } from '../../lib/wallet/withdrawal-status.ts';
import { $transactionFilter, setTransactionFilter, transactionDirection, transactionKindKey, transactions } from '../../stores/transactions.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { messageText } from '../auth/use-translator.ts';
import { signedBRL } from './format.ts';
import { refreshOnWalletChange } from '../../stores/wallet-paged-list.ts';
import { ListStatus } from './ListStatus.tsx';
import './wallet.css';

/** `/user/edit/transaction`: deposits and withdrawals by day, filter all / deposits / withdraws, pages appended. */
export function TransactionsView({ t, locale }: { t: TFunction; locale: Locale }) {
  const filter = useStore($transactionFilter);
  const { items } = useStore(transactions.$state);
  const headingId = useId();

  useEffect(() => {
    void transactions.reload();
    return refreshOnWalletChange(transactions);
  }, []);

  const now = new Date();
  return (
    <section className="account-card wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('wallet.transactions.heading')}</h2>
      <div className="wallet-filters" role="group" aria-label={t('wallet.transactions.filters')}>
        {TRANSACTION_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="wallet-filter"
            aria-pressed={filter === f}
            data-testid={`filter-${f}`}
            onClick={() => void setTransactionFilter(f)}
          >
            {t(`wallet.transactions.filter.${f}`)}
          </button>
        ))}
      </div>
      {groupByDay(items, (row) => row.created_at, locale, now).map((group) => (
        <section key={group.key} className="wallet-day" aria-label={messageText(t, group.label)}>
          <h3 className="wallet-day__label">{messageText(t, group.label)}</h3>
          <ul className="wallet-rows">
            {group.items.map((row) => (
              <TransactionRow key={row.id} t={t} locale={locale} row={row} />
            ))}
          </ul>
        </section>
      ))}
      <ListStatus t={t} list={transactions} emptyKey="wallet.transactions.empty" />
    </section>
  );
}

function TransactionRow({ t, locale, row }: { t: TFunction; locale: Locale; row: TransactionView }) {
  const direction = transactionDirection(row);
  return (
    <li className="wallet-row" data-testid="transaction-row" data-type={row.type}>
      <span className={`wallet-row__icon wallet-row__icon--${direction}`} aria-hidden="true">
        {direction === 'in' ? '↓' : '↑'}
      </span>
      <span className="wallet-row__main">
        <span className="wallet-row__title">{t(transactionKindKey(row))}</span>
        <span className="wallet-row__meta">
          <time dateTime={row.created_at}>{timeOfDay(row.created_at, locale)}</time>
          {' · '}
          {t('wallet.transactions.balanceAfter', { balance: formatBRL(row.balance_after, locale) })}
        </span>
        {row.withdrawal && (
          <span className="status-pill wallet-row__status" data-status={row.withdrawal.status}>
            {t(withdrawalStatusKey(row.withdrawal.status))}
          </span>
        )}
      </span>
      <span className={`wallet-row__amount wallet-row__amount--${direction}`}>{signedBRL(row.amount, locale)}</span>
    </li>
  );
}
