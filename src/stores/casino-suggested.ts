import type { GameView } from '../contract/casino.ts';
import { casinoApi } from './casino-api.ts';
import { createPagedGames } from './casino-paged.ts';

/**
 * "Try these": the tenant's featured games (`GET /featured/games`), offered
 * where a player's own list is empty (no favorites, nothing played yet).
 * Same list rules as every game list (spec section 4): pages append, a
 * request while loading or past the last page is ignored. The list is the
 * same for every visitor, so it is kept across sign-ins.
 */
export const suggestedList = createPagedGames<GameView>((page, signal) => casinoApi.featured(page, signal));

/** Loads page 1 unless it is already loaded or loading. */
export function ensureSuggested(): Promise<void> {
  return suggestedList.ensureLoaded();
}
