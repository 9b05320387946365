import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { $ranking, loadRanking } from '../../stores/ranking.ts';
import { RankProgress } from './RankProgress.tsx';
import './ranking.css';

/** "Seu rank" on `/user` (spec "profile with ranks"): the rank, the bar to the next one and a link to `/ranking`. */
export function RankCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const state = useStore($ranking);
  const headingId = useId();
  useEffect(() => {
    // Fresh on every visit: the last bet may have moved it.
    void loadRanking();
  }, []);
  if (state.status !== 'ready' || !state.value.player) return null;
  return (
    <section className="account-card" aria-labelledby={headingId} data-testid="rank-card">
      <h2 id={headingId}>{t('ranking.profile.heading')}</h2>
      <RankProgress t={t} locale={locale} ranks={state.value.ranks} player={state.value.player} />
      <p>
        <a href={localePath(locale, '/ranking')}>{t('ranking.player.seeRanking')}</a>
      </p>
    </section>
  );
}
