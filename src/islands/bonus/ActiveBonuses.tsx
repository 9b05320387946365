import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { PlayerBonusView } from '../../contract/bonuses.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $activeBonuses, loadActiveBonuses } from '../../stores/bonuses.ts';

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

function BonusItem({ t, locale, bonus }: { t: TFunction; locale: Locale; bonus: PlayerBonusView }) {
  const name = bonus.description ?? t('bonus.active.unnamed');
  const date = bonus.expires_at ? new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' }).format(new Date(bonus.expires_at)) : null;
  return (
    <li className="bonus-item" data-testid="active-bonus">
      <div className="bonus-item__head">
        <strong>{name}</strong>
        <span className="bonus-item__amount">{formatBRL(bonus.amount, locale)}</span>
      </div>
      <progress className="bonus-item__bar" max={100} value={bonus.progress} aria-label={t('bonus.active.progressLabel', { name })} />
      <p className="bonus-item__meta">
        {t('bonus.active.progress', { done: formatBRL(bonus.rollover_done, locale), required: formatBRL(bonus.rollover_required, locale), percent: bonus.progress })}
      </p>
      <p className="bonus-item__meta">{date ? <time dateTime={bonus.expires_at!}>{t('bonus.active.expires', { date })}</time> : t('bonus.active.noExpiry')}</p>
    </li>
  );
}

/** "Bônus ativos": every running bonus with a rollover progress bar and its expiry (`GET /wallet/bonuses` → `active`). */
export function ActiveBonuses({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($activeBonuses);
  const id = useId();
  const bonuses = state.status === 'idle' ? [] : state.bonuses;
  return (
    <section className="account-card bonus-card" aria-labelledby={id} aria-busy={state.status === 'loading'}>
      <h2 id={id}>{t('bonus.active.heading')}</h2>
      {bonuses.length > 0 && (
        <ul className="bonus-list">
          {bonuses.map((bonus) => (
            <BonusItem key={bonus.id} t={t} locale={locale} bonus={bonus} />
          ))}
        </ul>
      )}
      {state.status === 'ready' && bonuses.length === 0 && <p className="bonus-note">{t('bonus.active.empty')}</p>}
      {state.status === 'failed' && (
        <div className="bonus-failed">
          <p className="form-message form-message--error" role="alert">
            {t('bonus.active.failed')}
          </p>
          <button type="button" className="button" onClick={() => void loadActiveBonuses()}>
            {t('bonus.active.retry')}
          </button>
        </div>
      )}
    </section>
  );
}
