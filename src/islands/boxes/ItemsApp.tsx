import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import type { UserPrizeView } from '../../contract/boxes.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $prizeActions, $userPrizes, dismissPrizeAction, loadUserPrizes, sellPrize } from '../../stores/boxes.ts';
import { PlayerOnly } from '../account/PlayerOnly.tsx';
import { ConfirmSell, formatDate, formatPoints } from './shared.tsx';

function PrizeItem({ t, locale, item, onSold }: { t: TFunction; locale: Locale; item: UserPrizeView; onSold: (text: string) => void }) {
  const action = useStore($prizeActions)[String(item.id)];
  const busy = action?.status === 'selling';
  const { prize } = item;
  const name = prize.name[locale];
  const headingId = useId();
  const sell = async () => {
    const answer = await sellPrize(item.id);
    if (answer) onSold(t('boxes.items.soldDone', { amount: formatBRL(answer.prize.prize.sell_value, locale) }));
  };
  return (
    <li className="boxes-item" data-testid="user-prize" data-status={item.status} aria-labelledby={headingId}>
      {prize.image ? <img className="boxes-item__image" src={prize.image} width="56" height="56" alt="" /> : null}
      <div className="boxes-item__text">
        <h3 id={headingId}>{name}</h3>
        <p className="boxes-item__meta">
          {prize.kind === 'vip_points' ? t('boxes.items.points', { points: formatPoints(prize.points, locale) }) : t('boxes.items.value', { amount: formatBRL(prize.value, locale) })} ·{' '}
          {item.sold_at ? t('boxes.items.soldAt', { date: formatDate(item.sold_at, locale) }) : t('boxes.items.wonAt', { date: formatDate(item.won_at, locale) })}
        </p>
        {item.status === 'kept' && (
          <div className="boxes-actions">
            {prize.sell_value > 0 ? (
              <ConfirmSell
                t={t}
                label={t('boxes.items.sell', { amount: formatBRL(prize.sell_value, locale) })}
                question={t('boxes.items.sellConfirm', { name, amount: formatBRL(prize.sell_value, locale) })}
                busy={busy}
                onConfirm={() => void sell()}
                testid="sell-prize"
              />
            ) : (
              <span className="boxes-note">{t('boxes.items.cannotSell')}</span>
            )}
          </div>
        )}
        {action?.status === 'failed' && (
          <p className="boxes-message boxes-message--error" role="alert">
            {action.message ?? t('boxes.items.actionFailed')}{' '}
            <button type="button" className="link-button" onClick={() => dismissPrizeAction(item.id)}>
              {t('boxes.mine.close')}
            </button>
          </p>
        )}
      </div>
    </li>
  );
}

function ItemsView({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($userPrizes);
  const [done, setDone] = useState('');
  const keptId = useId();
  const soldId = useId();
  const items = state.status === 'idle' ? [] : state.items;
  const kept = items.filter((i) => i.status !== 'sold');
  const sold = items.filter((i) => i.status === 'sold');
  return (
    <div className="boxes-view" aria-busy={state.status === 'loading'}>
      <p className="boxes-message boxes-message--done" role="status" data-testid="prize-sold-message" hidden={done === ''}>
        {done}
      </p>
      <section className="boxes-card" aria-labelledby={keptId}>
        <h2 id={keptId}>{t('boxes.items.kept')}</h2>
        {kept.length > 0 ? (
          <ul className="boxes-list">
            {kept.map((item) => (
              <PrizeItem key={item.id} t={t} locale={locale} item={item} onSold={setDone} />
            ))}
          </ul>
        ) : (
          state.status === 'ready' && (
            <p className="boxes-note">
              {t('boxes.items.empty')} <a href={localePath(locale, '/account/boxes')}>{t('boxes.items.boxesLink')}</a>
            </p>
          )
        )}
        {state.status === 'failed' && (
          <div className="boxes-failed">
            <p className="boxes-message boxes-message--error" role="alert">
              {t('boxes.items.failed')}
            </p>
            <button type="button" className="button" onClick={() => void loadUserPrizes()}>
              {t('boxes.items.retry')}
            </button>
          </div>
        )}
      </section>
      {sold.length > 0 && (
        <section className="boxes-card" aria-labelledby={soldId}>
          <h2 id={soldId}>{t('boxes.items.sold')}</h2>
          <ul className="boxes-list">
            {sold.map((item) => (
              <PrizeItem key={item.id} t={t} locale={locale} item={item} onSold={setDone} />
            ))}
          </ul>
        </section>
      )}
      <p>
        <a href={localePath(locale, '/account/boxes')}>{t('boxes.items.boxesLink')}</a>
      </p>
    </div>
  );
}

/** `/account/items` (auth): the prizes won, each sellable once for its sell value (with a confirmation); the header balance follows the answer's wallet. */
export function ItemsApp({ locale }: { locale: Locale }) {
  return (
    <PlayerOnly locale={locale} loginText="boxes.items.loginRequired" onPlayer={loadUserPrizes}>
      {(t) => <ItemsView t={t} locale={locale} />}
    </PlayerOnly>
  );
}
