import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { isLoggingOut } from '../../stores/auth.ts';
import { $session } from '../../stores/session.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { useTranslator } from '../auth/use-translator.ts';

/**
 * The frame of a player-only page (`/bonus`, `/refers`): a visitor gets the
 * login prompt (`loginText`, an i18n key) and the login modal, as on the
 * account pages; a player gets `children(t)`, and `onPlayer` runs on each
 * sign-in (the page's first load, and again after a login here). `onPlayer`
 * must be one function for the page's life (a store action), or it would run
 * again on every render that passes a new one.
 */
export function PlayerOnly({ locale, loginText, onPlayer, children }: { locale: Locale; loginText: string; onPlayer: () => unknown; children: (t: TFunction) => ReactNode }) {
  const t = useTranslator(locale);
  const session = useStore($session);
  const loggedIn = session.status === 'user';

  useEffect(() => installSessionEffects(), []);
  useEffect(() => {
    if (loggedIn) void onPlayer();
    else if (!isLoggingOut()) void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
  }, [loggedIn, onPlayer]);

  if (!t) return <p className="account-loading">…</p>;
  if (!loggedIn) {
    return (
      <div className="account-card">
        <p>{t(loginText)}</p>
        <button type="button" className="button button--primary" data-auth-open="login">
          {t('auth.header.login')}
        </button>
      </div>
    );
  }
  return <>{children(t)}</>;
}
