import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $vip, loadVip } from '../../stores/ranking.ts';
import { $session } from '../../stores/session.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { useTranslator } from '../auth/use-translator.ts';
import './ranking.css';

/** `/vip`: the player's VIP level and points (the page around it explains how points are earned); a visitor gets a login button. */
export function VipApp({ locale }: { locale: Locale }) {
  const t = useTranslator(locale);
  const session = useStore($session);
  const state = useStore($vip);
  const loggedIn = session.status === 'user';

  useEffect(() => installSessionEffects(), []);
  useEffect(() => {
    if (loggedIn) void loadVip();
  }, [loggedIn]);

  if (!t) return <p className="ranking-status">…</p>;
  if (!loggedIn) {
    return (
      <>
        <p>{t('ranking.vip.signIn')}</p>
        <button type="button" className="button button--primary" data-auth-open="login">
          {t('auth.header.login')}
        </button>
      </>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert">
        <p>{t('ranking.vip.error')}</p>
        <button type="button" className="button" onClick={() => void loadVip()}>
          {t('ranking.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') return <p className="ranking-status">{t('ranking.loading')}</p>;
  const format = new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US');
  return (
    <dl className="vip-figures" data-testid="vip-figures">
      <div>
        <dt>{t('ranking.vip.level')}</dt>
        <dd data-testid="vip-level">{format.format(state.value.level)}</dd>
      </div>
      <div>
        <dt>{t('ranking.vip.points')}</dt>
        <dd data-testid="vip-points">{format.format(state.value.points)}</dd>
      </div>
    </dl>
  );
}
