import type { GameView } from '../contract/casino.ts';
import { casinoApi } from './casino-api.ts';
import { createPagedGames } from './casino-paged.ts';
import { $session } from './session.ts';

/**
 * The player's own game lists: favorites (`GET /profile/favorites`) and
 * recent games (`GET /games/recent`). Both belong to one player: a sign-out
 * or a sign-in as someone else empties them (spec: logout clears recent games).
 */
export const favoritesList = createPagedGames<GameView>((page, signal) => casinoApi.favorites(page, signal));
export const recentList = createPagedGames<GameView>((page, signal) => casinoApi.recent(page, signal));

function tokenOf(): string | null {
  const s = $session.get();
  return s.status === 'user' ? s.token : null;
}

let token = tokenOf();
$session.listen(() => {
  const next = tokenOf();
  if (next === token) return;
  token = next;
  favoritesList.reset();
  recentList.reset();
});

/** Loads page 1 of a player list unless it is already loaded or loading (players only). */
export function ensurePlayerList(list: typeof favoritesList): Promise<void> {
  return tokenOf() === null ? Promise.resolve() : list.ensureLoaded();
}
