import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatMultiplier, outcomeText } from '../../lib/house/format.ts';
import { FAIRNESS_PATH } from '../../lib/house/query.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $houseRounds } from '../../stores/house-rounds.ts';

/** "Minhas apostas": the actor's last rounds, each linking to the verification page with its id. */
export function RoundsList({ t, locale }: { t: TFunction; locale: Locale }) {
  const view = useStore($houseRounds);
  const verifyBase = localePath(locale, FAIRNESS_PATH);
  return (
    <section className="house-card house-rounds" aria-labelledby="house-rounds-heading">
      <h2 id="house-rounds-heading">{t('house.rounds.heading')}</h2>
      {view.status === 'loading' && <p className="house-muted">{t('house.rounds.loading')}</p>}
      {view.status === 'failed' && <p className="house-muted">{t('house.rounds.failed')}</p>}
      {view.status === 'ready' && view.rounds.length === 0 && <p className="house-muted">{t('house.rounds.empty')}</p>}
      {view.status === 'ready' && view.rounds.length > 0 && (
        <ul data-testid="house-rounds">
          {view.rounds.map((round) => (
            <li key={round.id} data-testid="house-round" data-round-id={round.id} className={round.payout > 0 ? 'is-win' : 'is-loss'}>
              <span className="house-round__game">
                {t(`house.games.${round.game}`)}
                {round.demo && <span className="house-badge">{t('house.rounds.demo')}</span>}
              </span>
              <span className="house-round__outcome">{outcomeText(round.outcome, locale)}</span>
              <span className="house-round__amount">{formatBRL(round.amount, locale)}</span>
              <span className="house-round__multiplier">{formatMultiplier(round.multiplier, locale)}</span>
              <span className="house-round__payout">{formatBRL(round.payout, locale)}</span>
              <a href={`${verifyBase}?round=${round.id}`} target="_top" aria-label={t('house.rounds.verifyLabel', { id: round.id })}>
                {t('house.rounds.verify')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
