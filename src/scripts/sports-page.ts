import { readSportsPageConfig } from '../lib/sports/config.ts';
import { tokenFromGameUrl } from '../lib/sports/fragment.ts';
import { startSportsPage } from './sports-start.ts';

/**
 * The sports pages' script (`/sports`, `/sportschange`, `/sportsbook/…`,
 * `/widgetbetby`): waits for the page to be interactive (load, then idle)
 * and then starts the widget (`sports-start.ts`), which loads the
 * provider's script from the tenant's configuration. Its graph shares no
 * module with the other pages' scripts, not even Vite's dynamic-import
 * helper (so nothing here is imported lazily): adding sports pages leaves
 * every other page's JavaScript exactly as it was (`npm run bench:js`).
 */

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
  whenInteractive(() => startSportsPage({ target, config, initialToken }));
}
