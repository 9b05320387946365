import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $locale, t } from './i18n.ts';
import { $place, hrefOf, navigate, type Screen } from './router.ts';
import { Audit } from './screens/Audit.tsx';
import { Banners } from './screens/Banners.tsx';
import { Boxes } from './screens/Boxes.tsx';
import { Cashback } from './screens/Cashback.tsx';
import { Catalogue } from './screens/Catalogue.tsx';
import { Chat } from './screens/Chat.tsx';
import { Coupons } from './screens/Coupons.tsx';
import { Documents } from './screens/Documents.tsx';
import { Exports } from './screens/Exports.tsx';
import { Notifications } from './screens/Notifications.tsx';
import { Dashboard } from './screens/Dashboard.tsx';
import { Login } from './screens/Login.tsx';
import { Pages } from './screens/Pages.tsx';
import { Missions } from './screens/Missions.tsx';
import { Players } from './screens/Players.tsx';
import { Promotions } from './screens/Promotions.tsx';
import { Ranks } from './screens/Ranks.tsx';
import { SCREEN_AREAS, Shell, screensFor } from './screens/Shell.tsx';
import { SiteSettings } from './screens/SiteSettings.tsx';
import { Staff } from './screens/Staff.tsx';
import { Withdrawals } from './screens/Withdrawals.tsx';
import { $outcome } from './stores/resource.ts';
import { $session, loadSession } from './stores/session.ts';

const SCREENS: Record<Screen, () => React.JSX.Element> = {
  dashboard: Dashboard,
  withdrawals: Withdrawals,
  exports: Exports,
  players: Players,
  documents: Documents,
  chat: Chat,
  notifications: Notifications,
  coupons: Coupons,
  promotions: Promotions,
  missions: Missions,
  boxes: Boxes,
  ranks: Ranks,
  cashback: Cashback,
  staff: Staff,
  audit: Audit,
  site: SiteSettings,
  banners: Banners,
  pages: Pages,
  catalogue: Catalogue,
};

/** In-app links (`data-nav`) change the screen without reloading; the new screen's main region takes the focus. */
function useInAppLinks(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[data-nav]');
      if (!(link instanceof HTMLAnchorElement) || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      $outcome.set(null);
      navigate(link.getAttribute('href') ?? '/backoffice/');
      document.getElementById('main')?.focus();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}

export function App() {
  const state = useStore($session);
  const place = useStore($place);
  useStore($locale);
  useInAppLinks();
  useEffect(() => void loadSession(), []);
  useEffect(() => {
    document.title = `${t(place.screen ? `screens.${place.screen}` : 'login.title')} · ${t('shell.backoffice')}`;
  });
  if (state.kind === 'loading') return <p className="muted">{t('common.loading')}</p>;
  if (state.kind !== 'signed-in') return <Login />;
  const allowed = screensFor(state.session.areas);
  const screen = place.screen;
  if (!screen) {
    const first = allowed[0];
    if (first) queueMicrotask(() => navigate(hrefOf(first), { replace: true }));
    return <Shell>{first ? null : <p>{t('shell.nothing')}</p>}</Shell>;
  }
  const View = SCREENS[screen];
  return <Shell>{state.session.areas.includes(SCREEN_AREAS[screen]) ? <View /> : <p className="message message--error">{t('shell.forbidden')}</p>}</Shell>;
}
