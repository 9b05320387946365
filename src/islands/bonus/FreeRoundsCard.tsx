import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { FreeRoundsView } from '../../contract/bonuses.ts';
import { HOUSE_PROVIDER_CODE } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $freeRounds, liveGrants, loadFreeRounds } from '../../stores/free-rounds.ts';

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

function FreeRoundsItem({ t, locale, grant }: { t: TFunction; locale: Locale; grant: FreeRoundsView }) {
  const game = t(`house.games.${grant.game}`);
  const date = new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' }).format(new Date(grant.expires_at));
  return (
    <li className="bonus-item" data-testid="free-rounds" data-game={grant.game} data-left={grant.rounds_left}>
      <p className="bonus-item__head">
        <strong>{t('bonus.freeRounds.item', { count: grant.rounds_left, game, stake: formatBRL(grant.stake, locale), date })}</strong>
      </p>
      <p className="bonus-item__meta">{t('bonus.freeRounds.note', { multiplier: grant.rollover_multiplier.toLocaleString(DATE_TAGS[locale]) })}</p>
      <p className="bonus-item__meta">
        <a href={localePath(locale, `/casino/${HOUSE_PROVIDER_CODE}/${grant.game}`)} data-testid="free-rounds-play">
          {t('bonus.freeRounds.play', { game })}
        </a>
      </p>
    </li>
  );
}

/** "Rodadas grátis" on `/bonus`: the player's free rounds still to play (GET /bonuses/coupons → free_rounds), each with a link to its game's page. Nothing when there are none. */
export function FreeRoundsCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($freeRounds);
  const id = useId();
  useEffect(() => {
    void loadFreeRounds();
  }, []);
  const grants = liveGrants(state);
  if (grants.length === 0) return null;
  return (
    <section className="account-card bonus-card" aria-labelledby={id} data-testid="free-rounds-card">
      <h2 id={id}>{t('bonus.freeRounds.heading')}</h2>
      <ul className="bonus-list">
        {grants.map((grant) => (
          <FreeRoundsItem key={grant.id} t={t} locale={locale} grant={grant} />
        ))}
      </ul>
    </section>
  );
}
