import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $ranking, loadRanking } from '../../stores/ranking.ts';
import { $session } from '../../stores/session.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { RankProgress } from './RankProgress.tsx';
import { RankTable } from './RankTable.tsx';
import './ranking.css';

/**
 * `/ranking`: the rank table for everyone and, for a logged-in player, their
 * rank and the bar to the next one (a visitor gets a login button instead).
 * Loads again when the player logs in or out here.
 */
export function RankingApp({ locale }: { locale: Locale }) {
  const t = useTranslator(locale);
  const session = useStore($session);
  const state = useStore($ranking);
  const loggedIn = session.status === 'user';

  useEffect(() => installSessionEffects(), []);
  useEffect(() => {
    void loadRanking();
  }, [loggedIn]);

  if (!t || state.status === 'idle' || state.status === 'loading') return <p className="ranking-status">{t ? t('ranking.loading') : '…'}</p>;
  if (state.status === 'error') {
    return (
      <div className="account-card" role="alert">
        <p>{t('ranking.error')}</p>
        <button type="button" className="button" onClick={() => void loadRanking()}>
          {t('ranking.retry')}
        </button>
      </div>
    );
  }
  const { ranks, player } = state.value;
  return (
    <>
      <section className="account-card" aria-labelledby="ranking-player">
        <h2 id="ranking-player">{t('ranking.player.heading')}</h2>
        {player && loggedIn ? (
          <RankProgress t={t} locale={locale} ranks={ranks} player={player} />
        ) : (
          <>
            <p>{t('ranking.player.signIn')}</p>
            <button type="button" className="button button--primary" data-auth-open="login">
              {t('auth.header.login')}
            </button>
          </>
        )}
      </section>
      <RankTable t={t} locale={locale} ranks={ranks} level={loggedIn ? (player?.level ?? null) : null} />
    </>
  );
}
