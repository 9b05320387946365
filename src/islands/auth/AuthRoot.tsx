import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { localePath } from '../../i18n/locales.ts';
import { modeForPath } from '../../lib/auth/modal-route.ts';
import { currentLocale } from '../../lib/locale.ts';
import { $authModal } from '../../stores/auth.ts';
import { AuthDialog } from './AuthDialog.tsx';
import { useTranslator } from './use-translator.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';

/**
 * The site-wide auth island: renders the login modal while `$authModal` is
 * open. Mounted once into the persisted `#auth-root`, it follows the page
 * language across ClientRouter navigations.
 */
export function AuthRoot() {
  const modal = useStore($authModal);
  const locale = usePageLocale();
  // Closing the modal opened by /login, /register or /recover-pass leaves that URL for the home page's.
  const wasOpen = useRef(modal.open);
  useEffect(() => {
    if (wasOpen.current && !modal.open && modeForPath(location.pathname)) {
      history.replaceState(history.state, '', localePath(currentLocale(), '/'));
    }
    wasOpen.current = modal.open;
  }, [modal.open]);
  const t = useTranslator(locale);
  if (!modal.open || !t) return null;
  return <AuthDialog key={locale} t={t} locale={locale} mode={modal.mode} />;
}
