import { $session } from '../../stores/session.ts';

/**
 * The mission widgets (issue 19) for a signed-in player only, loaded once
 * the page is idle after the header's code: a visitor never downloads them,
 * and a player's first paint does not wait for them.
 */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}

function startForPlayer(): void {
  if ($session.get().status !== 'user') return;
  whenIdle(() => void import('../../islands/missions/player.ts').then((m) => m.startPlayerMissions()).catch(() => undefined));
}

let started = false;

/** Follows the session once per full page load (ClientRouter swaps keep the widgets' island). */
export function initHeaderMissions(): void {
  if (started) return;
  started = true;
  startForPlayer();
  $session.listen(startForPlayer);
}
