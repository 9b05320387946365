import { $session } from '../../stores/session.ts';
import { loadIsland } from '../load-island.ts';

/**
 * The header's notification bell, without React: this tiny module runs on
 * every page with the header (legal pages have a 15 KB JavaScript budget),
 * so everything else — the store, the realtime binding, the panel island —
 * loads on demand: once a player is signed in (the list, the badge, live
 * arrivals) and on the first click (the panel).
 */

function startForPlayer(): void {
  if ($session.get().status !== 'user') return;
  void import('../../islands/notifications/player.ts').then((m) => m.startPlayerNotifications()).catch(() => undefined);
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target?.closest('[data-notifications-open]')) return;
  event.preventDefault();
  // One lazy entry point (player.ts) for both uses keeps this page-wide module and its preload map small.
  void loadIsland(() => import('../../islands/notifications/player.ts')).then((m) => m.openPanel());
}

let started = false;

/** Wires the bell once per full page load (ClientRouter swaps keep the listeners). */
export function initHeaderNotifications(): void {
  if (started) return;
  started = true;
  startForPlayer();
  $session.listen(startForPlayer);
  document.addEventListener('click', onClick);
}
