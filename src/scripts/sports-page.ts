import { readSportsPageConfig } from '../lib/sports/config.ts';
import { currentLocale } from '../lib/locale.ts';
import { sitePathOf, tokenFromGameUrl } from '../lib/sports/route.ts';
import type { SportsWidgetState } from '../stores/sports.ts';
import { openDepositOrRegister } from './header/wallet.ts';
import { loadIsland } from './load-island.ts';

/**
 * The sports pages' script (`/sports`, `/sportschange`, `/sportsbook/…`,
 * `/widgetbetby`): once the page is interactive (load, then idle), it loads
 * the sports store, which loads the provider's widget script from the
 * tenant's configuration and draws the widget into `[data-sports-widget]`.
 * Only these pages carry this script, so no other page pays for sports.
 */

function openAuth(mode: 'login' | 'register'): void {
  void loadIsland(() => import('../islands/auth/mount.tsx')).then((m) => m.openAuth(mode));
}

/** The page's state panels (`[data-sports-state]`): the one matching the widget's state shows. */
function showState(state: SportsWidgetState): void {
  const shown = state.status === 'idle' ? 'loading' : state.status;
  for (const panel of document.querySelectorAll<HTMLElement>('[data-sports-state]')) {
    panel.hidden = panel.dataset.sportsState !== shown;
  }
  const refused = document.querySelector<HTMLElement>('[data-sports-refusal]');
  if (refused) refused.textContent = state.status === 'refused' ? state.message : '';
  const widget = document.querySelector<HTMLElement>('[data-sports-widget]');
  if (widget) widget.setAttribute('aria-busy', String(state.status === 'loading' || state.status === 'idle'));
}

/** The language links point at the same event in the other language. */
function updateLanguageLinks(widgetPath: string): void {
  if (widgetPath === '/' && !location.pathname.replace(/^\/en(?=\/|$)/, '').startsWith('/sportsbook')) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-locale-switch], a[data-locale-menu-switch]')) {
    const locale = (link.dataset.localeSwitch ?? link.dataset.localeMenuSwitch) === 'en' ? 'en' : 'pt';
    link.href = sitePathOf(widgetPath, locale);
  }
}

function whenInteractive(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 1500 }) : setTimeout(run, 50));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

let started = false;

export function initSportsPage(): void {
  const target = document.querySelector<HTMLElement>('[data-sports-widget]');
  const config = readSportsPageConfig();
  if (started || !target || !config) return;
  started = true;
  // `/widgetbetby#token=…`: the launch token is taken once and the fragment dropped from the address.
  const initialToken = tokenFromGameUrl(location.href);
  if (initialToken) history.replaceState(history.state, '', location.pathname + location.search);
  whenInteractive(() => {
    void import('../stores/sports.ts').then((store) => {
      store.$sportsWidget.subscribe(showState);
      const start = () =>
        store.startSportsWidget({
          target,
          config,
          locale: currentLocale(),
          initialToken,
          host: {
            openLogin: () => openAuth('login'),
            openRegister: () => openAuth('register'),
            openDeposit: openDepositOrRegister,
            routeShown: updateLanguageLinks,
          },
        });
      document.addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('[data-sports-retry]')) void store.retrySportsWidget();
      });
      // Leaving the page kills the widget; coming back from the back-forward cache starts it again.
      window.addEventListener('pagehide', () => store.stopSportsWidget());
      window.addEventListener('pageshow', (event) => {
        if (event.persisted) void start();
      });
      void start();
    });
  });
}
