import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { isLoggingOut } from '../../stores/auth.ts';
import { loadReferrals } from '../../stores/referrals.ts';
import { $session } from '../../stores/session.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { useTranslator } from '../auth/use-translator.ts';
import '../account/account.css';
import './refers.css';
import { RefersView } from './RefersView.tsx';

/**
 * `/refers` (auth): the player's referral link and friends. A visitor gets
 * the login prompt and the login modal, as on the account pages; the view
 * loads once a player is logged in (and again after a login here).
 */
export function RefersApp({ locale, brand }: { locale: Locale; brand: string }) {
  const t = useTranslator(locale);
  const session = useStore($session);
  const loggedIn = session.status === 'user';

  useEffect(() => installSessionEffects(), []);
  useEffect(() => {
    if (loggedIn) void loadReferrals();
    else if (!isLoggingOut()) void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
  }, [loggedIn]);

  if (!t) return <p className="account-loading">…</p>;
  if (!loggedIn) {
    return (
      <div className="account-card">
        <p>{t('account.loginRequired')}</p>
        <button type="button" className="button button--primary" data-auth-open="login">
          {t('auth.header.login')}
        </button>
      </div>
    );
  }
  return <RefersView t={t} locale={locale} brand={brand} />;
}
