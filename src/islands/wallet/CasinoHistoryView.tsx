import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { CasinoBetView } from '../../contract/wallet.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { casinoBets } from '../../stores/casino-bets.ts';
import { whenText } from './format.ts';
import { ListStatus } from './ListStatus.tsx';
import './wallet.css';

/**
 * `/user/edit/history-casino`: one table row per casino bet or win (type,
 * game, value, with bonus, refunded, date), pages appended. Small screens
 * show each row as a card with the column names as labels.
 */
export function CasinoHistoryView({ t, locale }: { t: TFunction; locale: Locale }) {
  const { items } = useStore(casinoBets.$state);
  const headingId = useId();

  useEffect(() => {
    void casinoBets.reload();
  }, []);

  const now = new Date();
  return (
    <section className="account-card wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('wallet.bets.heading')}</h2>
      {items.length > 0 && (
        <table className="wallet-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('wallet.bets.columns.type')}</th>
              <th scope="col">{t('wallet.bets.columns.game')}</th>
              <th scope="col">{t('wallet.bets.columns.value')}</th>
              <th scope="col">{t('wallet.bets.columns.withBonus')}</th>
              <th scope="col">{t('wallet.bets.columns.refunded')}</th>
              <th scope="col">{t('wallet.bets.columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((bet) => (
              <BetRow key={bet.id} t={t} locale={locale} bet={bet} now={now} />
            ))}
          </tbody>
        </table>
      )}
      <ListStatus t={t} list={casinoBets} emptyKey="wallet.bets.empty" />
    </section>
  );
}

function BetRow({ t, locale, bet, now }: { t: TFunction; locale: Locale; bet: CasinoBetView; now: Date }) {
  const yesNo = (value: boolean) => t(value ? 'wallet.bets.yes' : 'wallet.bets.no');
  return (
    <tr data-testid="bet-row" data-type={bet.type} className={bet.refunded ? 'wallet-table__row--refunded' : undefined}>
      <td data-label={t('wallet.bets.columns.type')}>
        <span className={`status-pill wallet-bet-type wallet-bet-type--${bet.type}`}>{t(`wallet.bets.type.${bet.type}`)}</span>
      </td>
      <td data-label={t('wallet.bets.columns.game')}>{bet.game ?? t('wallet.bets.unknownGame')}</td>
      <td data-label={t('wallet.bets.columns.value')} className={`wallet-table__value wallet-table__value--${bet.type}`}>
        <span className="wallet-table__amount">{formatBRL(bet.value, locale)}</span>
      </td>
      <td data-label={t('wallet.bets.columns.withBonus')}>{yesNo(bet.with_bonus)}</td>
      <td data-label={t('wallet.bets.columns.refunded')}>{yesNo(bet.refunded)}</td>
      <td data-label={t('wallet.bets.columns.date')}>
        <time dateTime={bet.date}>{whenText(t, bet.date, locale, now)}</time>
      </td>
    </tr>
  );
}
