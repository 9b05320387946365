import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { isLoggingOut } from '../../stores/auth.ts';
import { loadActiveBonuses } from '../../stores/bonuses.ts';
import { $session } from '../../stores/session.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { useTranslator } from '../auth/use-translator.ts';
import '../auth/auth.css';
import '../account/account.css';
import './bonus.css';
import { BonusView } from './BonusView.tsx';

/**
 * `/bonus` (auth): coupons, active bonuses, cashback. A visitor gets the
 * login prompt and the login modal, as on the account pages; the bonuses
 * load once a player is logged in (and again after a login here).
 */
export function BonusApp({ locale, regulated }: { locale: Locale; regulated: boolean }) {
  const t = useTranslator(locale);
  const session = useStore($session);
  const loggedIn = session.status === 'user';

  useEffect(() => installSessionEffects(), []);
  useEffect(() => {
    if (loggedIn) void loadActiveBonuses();
    else if (!isLoggingOut()) void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
  }, [loggedIn]);

  if (!t) return <p className="account-loading">…</p>;
  if (!loggedIn) {
    return (
      <div className="account-card">
        <p>{t('bonus.loginRequired')}</p>
        <button type="button" className="button button--primary" data-auth-open="login">
          {t('auth.header.login')}
        </button>
      </div>
    );
  }
  return <BonusView t={t} locale={locale} regulated={regulated} />;
}
