import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { betslipOdds, betStatusKey, type SportsBetRow } from '../../lib/sports/history.ts';
import { sportsBets } from '../../stores/sports-bets.ts';
import { refreshOnWalletChange } from '../../stores/wallet-paged-list.ts';
import { whenText } from '../wallet/format.ts';
import { ListStatus } from '../wallet/ListStatus.tsx';
import '../wallet/wallet.css';
import './sports.css';

const oddsFormat = (locale: Locale) => new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The sports tab of the bet history: one card per betslip (single or
 * multiple, status, stake, potential return, payout, dates) with its
 * selections and odds, pages appended; page 1 is asked again whenever the
 * balance moves (a bet placed or settled while the page is open).
 */
export function SportsHistoryView({ t, locale }: { t: TFunction; locale: Locale }) {
  const { items } = useStore(sportsBets.$state);
  const headingId = useId();

  useEffect(() => {
    void sportsBets.reload();
    return refreshOnWalletChange(sportsBets);
  }, []);

  const now = new Date();
  return (
    <section className="account-card wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sports.history.heading')}</h2>
      {items.length > 0 && (
        <ul className="sports-slips">
          {items.map((bet) => (
            <li key={bet.betslipId}>
              <Betslip t={t} locale={locale} bet={bet} now={now} />
            </li>
          ))}
        </ul>
      )}
      <ListStatus t={t} list={sportsBets} emptyKey="sports.history.empty" />
    </section>
  );
}

function Betslip({ t, locale, bet, now }: { t: TFunction; locale: Locale; bet: SportsBetRow; now: Date }) {
  const statusKey = betStatusKey(bet.status);
  const odds = betslipOdds(bet.selections);
  const format = oddsFormat(locale);
  const titleId = useId();
  return (
    <article className="sports-slip" aria-labelledby={titleId} data-testid="sports-bet" data-status={bet.status} data-type={bet.type}>
      <header className="sports-slip__head">
        <h3 id={titleId}>{t('sports.history.betslip', { id: bet.betslipId })}</h3>
        <span className="status-pill">{t(`sports.history.type.${bet.type}`)}</span>
        <span className={`status-pill sports-slip__status sports-slip__status--${bet.status}`}>{statusKey ? t(statusKey) : bet.status}</span>
      </header>
      <dl className="sports-slip__facts">
        <div>
          <dt>{t('sports.history.stake')}</dt>
          <dd>{formatBRL(bet.stake, locale)}</dd>
        </div>
        <div>
          <dt>{bet.status === 'open' ? t('sports.history.potentialWin') : t('sports.history.payout')}</dt>
          <dd>{formatBRL(bet.status === 'open' ? bet.potentialWin : bet.payout, locale)}</dd>
        </div>
        <div>
          <dt>{t('sports.history.placedAt')}</dt>
          <dd>
            <time dateTime={bet.placedAt}>{whenText(t, bet.placedAt, locale, now)}</time>
          </dd>
        </div>
        {bet.settledAt && (
          <div>
            <dt>{t('sports.history.settledAt')}</dt>
            <dd>
              <time dateTime={bet.settledAt}>{whenText(t, bet.settledAt, locale, now)}</time>
            </dd>
          </div>
        )}
      </dl>
      <h4 className="visually-hidden">{t('sports.history.selections')}</h4>
      <ul className="sports-slip__selections">
        {bet.selections.map((s, index) => (
          <li key={index} className="sports-selection">
            <span className="sports-selection__event">
              {s.eventName}
              {s.live && <span className="sports-selection__live">{t('sports.history.live')}</span>}
            </span>
            <span className="sports-selection__where">
              {s.sportName} · {s.tournamentName}
            </span>
            <span className="sports-selection__pick">
              {s.marketName}: <strong>{s.outcomeName}</strong>
            </span>
            <span className="sports-selection__odds">{t('sports.history.odds', { odds: Number.isFinite(Number(s.odds)) ? format.format(Number(s.odds)) : s.odds })}</span>
          </li>
        ))}
      </ul>
      {bet.type === 'multiple' && odds !== null && <p className="sports-slip__total">{t('sports.history.totalOdds', { odds: format.format(odds) })}</p>}
    </article>
  );
}
