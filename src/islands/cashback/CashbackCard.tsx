import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import type { CashbackItemView } from '../../contract/cashback.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatDay, formatDayTime } from '../../lib/datetime.ts';
import { CASHBACK_TIME_ZONE, nextWindowTime } from '../../lib/cashback/windows.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $cashback, $claimNotice, $claiming, claimCashback, claimsLeftNow, loadCashback, platformNow } from '../../stores/cashback.ts';
import { messageText } from '../auth/use-translator.ts';
import './cashback.css';

/** The windows open at 12:01 and 18:01: a re-render every half minute keeps the claims left current. */
const TICK_MS = 30_000;

function ItemRow({ t, locale, item, now }: { t: TFunction; locale: Locale; item: CashbackItemView; now: Date }) {
  const claiming = useStore($claiming);
  const left = claimsLeftNow(item, now);
  const done = item.claimed >= item.claims_total;
  const notYet = now.getTime() < Date.parse(item.available_at);
  const period = t('cashback.period', { from: formatDay(`${item.period_start}T12:00:00Z`, locale, 'UTC'), to: formatDay(`${item.period_end}T12:00:00Z`, locale, 'UTC') });
  const amountText = formatBRL(item.amount, locale);
  return (
    <li className="cashback-item" data-testid="cashback-item">
      <div className="cashback-item__main">
        <span className="cashback-item__amount">{amountText}</span>
        <span className="cashback-item__meta">{period}</span>
        <span className="cashback-item__meta">
          {done
            ? t('cashback.allClaimed', { amount: formatBRL(item.claimed_amount, locale) })
            : notYet
              ? t('cashback.availableFrom', { when: formatDayTime(item.available_at, locale, CASHBACK_TIME_ZONE) })
              : left === 0
                ? t('cashback.nextClaimAt', { time: nextWindowTime(item, now) ?? '' })
                : t('cashback.claimsLeft', { count: left, total: item.claims_total - item.claimed })}
        </span>
      </div>
      {!done && (
        <button
          type="button"
          className="button button--primary"
          disabled={left === 0 || claiming !== null}
          aria-label={t('cashback.claimLabel', { amount: formatBRL(item.next_claim_amount, locale), period })}
          onClick={() => void claimCashback(item)}
        >
          {claiming === item.id ? t('cashback.claiming') : t('cashback.claim', { amount: formatBRL(item.next_claim_amount, locale) })}
        </button>
      )}
    </li>
  );
}

/**
 * "Cashback": the player's items (amount, period, when claimable, claims
 * left) and a claim button each; on `/bonus` and on `/user`. Hidden on a
 * tenant without cashback (or a regulated one) when there is nothing to show.
 */
export function CashbackCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($cashback);
  const notice = useStore($claimNotice);
  const headingId = useId();
  const [clientNow, setClientNow] = useState(() => Date.now());

  useEffect(() => {
    void loadCashback();
    const timer = setInterval(() => setClientNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  if (state.status === 'ready' && !state.enabled && state.items.length === 0) return null;
  const now = platformNow(state, clientNow);
  return (
    <section className="cashback-card" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h2 id={headingId}>{t('cashback.heading')}</h2>
      <p className="cashback-item__meta">{t('cashback.intro')}</p>
      {state.status === 'error' && (
        <p className="cashback-notice--error" role="alert">
          {messageText(t, state.message)}
        </p>
      )}
      {state.status === 'ready' && state.items.length === 0 && <p>{t('cashback.empty')}</p>}
      {state.status === 'ready' && state.items.length > 0 && (
        <ul className="cashback-items">
          {state.items.map((item) => (
            <ItemRow key={item.id} t={t} locale={locale} item={item} now={now} />
          ))}
        </ul>
      )}
      <p role="status" className={notice?.kind === 'error' ? 'cashback-notice--error' : undefined}>
        {notice?.kind === 'success' && t('cashback.claimed', { amount: formatBRL(notice.amount, locale) })}
        {notice?.kind === 'error' && messageText(t, notice.message)}
      </p>
    </section>
  );
}
