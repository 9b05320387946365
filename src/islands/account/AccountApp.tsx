import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { $selfExclusion, isLoggingOut } from '../../stores/auth.ts';
import { loadProfile } from '../../stores/profile.ts';
import { $session } from '../../stores/session.ts';
import { $accountClosed } from '../../stores/account-closure.ts';
import { SelfExclusionNotice } from '../auth/SelfExclusionNotice.tsx';
import { useTranslator } from '../auth/use-translator.ts';
import '../auth/auth.css';
import './account.css';
import { AccessDataView } from './AccessDataView.tsx';
import { AccountClosedNotice } from './AccountClosedNotice.tsx';
import { PersonalDataView } from './PersonalDataView.tsx';
import { ProfileView } from './ProfileView.tsx';
import { VerificationView } from './VerificationView.tsx';
import type { AccountView } from './views.ts';

// The wallet screens load only on their own pages: the other account pages never download them.
const WalletView = lazy(() => import('../wallet/WalletView.tsx').then((m) => ({ default: m.WalletView })));
const TransactionsView = lazy(() => import('../wallet/TransactionsView.tsx').then((m) => ({ default: m.TransactionsView })));
const CasinoHistoryView = lazy(() => import('../wallet/CasinoHistoryView.tsx').then((m) => ({ default: m.CasinoHistoryView })));
const ResponsibleGamingView = lazy(() => import('../responsible-gaming/ResponsibleGamingView.tsx').then((m) => ({ default: m.ResponsibleGamingView })));
// With a sportsbook, the bet history has a sports tab beside the casino one (issue 16).
const BetHistoryTabs = lazy(() => import('../sports/BetHistoryTabs.tsx').then((m) => ({ default: m.BetHistoryTabs })));

/**
 * Content of the account pages. Players see their view (after `GET /profile`
 * refreshes the stored user); visitors get the login modal, and a player who
 * just excluded themself sees the period instead.
 */
export function AccountApp({ view, locale, sports = false }: { view: AccountView; locale: Locale; sports?: boolean }) {
  const t = useTranslator(locale);
  const session = useStore($session);
  const excluded = useStore($selfExclusion);
  const closed = useStore($accountClosed);
  const loggedIn = session.status === 'user';

  useEffect(() => installSessionEffects(), []);
  useEffect(() => {
    if (loggedIn) {
      void loadProfile();
    } else if (!$selfExclusion.get() && !$accountClosed.get() && !isLoggingOut()) {
      void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
    }
  }, [loggedIn]);

  if (!t) return <p className="account-loading">…</p>;
  if (!loggedIn) {
    if (excluded) return <SelfExclusionNotice t={t} locale={locale} />;
    if (closed) return <AccountClosedNotice t={t} locale={locale} />;
    return (
      <div className="account-card">
        <p>{t('account.loginRequired')}</p>
        <button type="button" className="button button--primary" data-auth-open="login">
          {t('auth.header.login')}
        </button>
      </div>
    );
  }
  switch (view) {
    case 'profile':
      return <ProfileView t={t} locale={locale} />;
    case 'accessData':
      return <AccessDataView t={t} />;
    case 'personalData':
      return <PersonalDataView t={t} locale={locale} />;
    case 'verification':
      return <VerificationView t={t} locale={locale} />;
    case 'responsibleGambling':
      return (
        <Suspense fallback={<p className="account-loading">{t('account.loading')}</p>}>
          <ResponsibleGamingView t={t} locale={locale} />
        </Suspense>
      );
    case 'wallet':
    case 'transactions':
    case 'casinoHistory':
      return (
        <Suspense fallback={<p className="account-loading">{t('account.loading')}</p>}>
          {view === 'wallet' && <WalletView t={t} locale={locale} />}
          {view === 'transactions' && <TransactionsView t={t} locale={locale} />}
          {view === 'casinoHistory' && (sports ? <BetHistoryTabs t={t} locale={locale} /> : <CasinoHistoryView t={t} locale={locale} />)}
        </Suspense>
      );
  }
}
