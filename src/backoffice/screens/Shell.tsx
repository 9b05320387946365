import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { StaffArea } from '../../contract/backoffice.ts';
import { $locale, setLocale, t } from '../i18n.ts';
import { $place, hrefOf, type Screen, SCREENS } from '../router.ts';
import { $session, logout } from '../stores/session.ts';

/** The area each screen needs (the platform refuses the calls of the others anyway). */
export const SCREEN_AREAS: Record<Screen, StaffArea> = {
  dashboard: 'reports',
  withdrawals: 'finance',
  exports: 'finance',
  players: 'players',
  documents: 'compliance',
  chat: 'support',
  notifications: 'support',
  coupons: 'marketing',
  promotions: 'marketing',
  missions: 'marketing',
  boxes: 'marketing',
  ranks: 'marketing',
  cashback: 'marketing',
  staff: 'staff',
  audit: 'audit',
  site: 'site',
  banners: 'site',
  pages: 'site',
  catalogue: 'site',
};

export function screensFor(areas: readonly StaffArea[]): Screen[] {
  return SCREENS.filter((screen) => areas.includes(SCREEN_AREAS[screen]));
}

/** Header (site, who is signed in, language, sign out), the screens the role may open, and the screen. */
export function Shell({ children }: { children: ReactNode }) {
  const state = useStore($session);
  const place = useStore($place);
  const locale = useStore($locale);
  // On a phone the screens fold behind one button; a choice folds them again.
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [place]);
  if (state.kind !== 'signed-in') return null;
  const { session } = state;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <header className="topbar">
        <p className="topbar__site">
          <strong>{session.tenant.siteTitle}</strong> <span className="muted">{t('shell.backoffice')}</span>
        </p>
        <p className="topbar__who">
          {session.staff.name} · <span data-testid="role">{t(`roles.${session.staff.role}`)}</span>
        </p>
        <div className="topbar__actions">
          <button className="button button--small" type="button" lang={locale === 'pt-BR' ? 'en-US' : 'pt-BR'} onClick={() => setLocale(locale === 'pt-BR' ? 'en-US' : 'pt-BR')}>
            {locale === 'pt-BR' ? 'English' : 'Português'}
          </button>
          <button className="button button--small" type="button" onClick={() => void logout()}>
            {t('shell.signOut')}
          </button>
        </div>
      </header>
      <nav className="screens" aria-label={t('shell.screens')}>
        <button className="screens__toggle button" type="button" aria-expanded={open} aria-controls="screen-list" onClick={() => setOpen(!open)}>
          {t('shell.menu')}: {place.screen ? t(`screens.${place.screen}`) : ''}
        </button>
        <ul id="screen-list" className={open ? 'screens__list screens__list--open' : 'screens__list'}>
          {screensFor(session.areas).map((screen) => (
            <li key={screen}>
              <a href={hrefOf(screen)} data-nav aria-current={place.screen === screen ? 'page' : undefined}>
                {t(`screens.${screen}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="screen" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
