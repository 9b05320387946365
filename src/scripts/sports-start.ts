import type { Locale } from '../contract/tenant-bundle.ts';
import type { SportsPageConfig } from '../lib/sports/config.ts';
import { inLocale, sitePathOf, widgetPathOf } from '../lib/sports/route.ts';
import { $sportsWidget, retrySportsWidget, startSportsWidget, stopSportsWidget, type SportsWidgetState } from '../stores/sports.ts';

/**
 * The sports page once it is interactive: starts the widget (stores/sports.ts)
 * with the page's callbacks. Login, register and recharge press the page's
 * hidden `[data-auth-open]` / `[data-deposit-open]` buttons, which the
 * header's scripts already serve (our login modal in that mode; the deposit
 * modal, or the register modal for a visitor), so this graph imports none of
 * the header's modules (see lib/sports/platform.ts). `/widgetbetby` has no
 * header: there they lead to the modal routes and the wallet page instead.
 */

type Action = 'login' | 'register' | 'deposit';
const FALLBACK: Record<Action, string> = { login: '/login', register: '/register', deposit: '/account/wallet' };

function pageLocale(): Locale {
  return document.documentElement.dataset.locale === 'en' ? 'en' : 'pt';
}

function act(action: Action): void {
  const button = document.querySelector<HTMLElement>(`[data-sports-open="${action}"]`);
  if (button && document.querySelector('header.site-header')) button.click();
  else location.assign(inLocale(pageLocale(), FALLBACK[action]));
}

/** The page's state panels (`[data-sports-state]`): the one matching the widget's state shows. */
function showState(state: SportsWidgetState): void {
  const shown = state.status === 'idle' ? 'loading' : state.status;
  for (const panel of document.querySelectorAll<HTMLElement>('[data-sports-state]')) {
    panel.hidden = panel.dataset.sportsState !== shown;
  }
  const refused = document.querySelector<HTMLElement>('[data-sports-refusal]');
  if (refused) refused.textContent = state.status === 'refused' ? state.message : '';
  document.querySelector('[data-sports-widget]')?.setAttribute('aria-busy', String(state.status === 'loading' || state.status === 'idle'));
}

/** The language links point at the same sportsbook route in the other language. */
function updateLanguageLinks(widgetPath: string): void {
  if (widgetPath === '/' && widgetPathOf(location.pathname) === '/' && !/\/sportsbook(\/|$)/.test(location.pathname)) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-locale-switch], a[data-locale-menu-switch]')) {
    const locale = (link.dataset.localeSwitch ?? link.dataset.localeMenuSwitch) === 'en' ? 'en' : 'pt';
    link.href = sitePathOf(widgetPath, locale);
  }
}

export function startSportsPage(opts: { target: HTMLElement; config: SportsPageConfig; initialToken: string | null }): void {
  $sportsWidget.subscribe(showState);
  const start = () =>
    startSportsWidget({
      target: opts.target,
      config: opts.config,
      locale: pageLocale(),
      initialToken: opts.initialToken,
      host: { openLogin: () => act('login'), openRegister: () => act('register'), openDeposit: () => act('deposit'), routeShown: updateLanguageLinks },
    });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-sports-retry]')) void retrySportsWidget();
  });
  // Leaving the page kills the widget; coming back from the back-forward cache starts it again.
  window.addEventListener('pagehide', () => stopSportsWidget());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void start();
  });
  void start();
}
