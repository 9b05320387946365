import { atom } from 'nanostores';
import type { RelatedGamesAnswer } from '../contract/casino.ts';
import type { GameCardData } from '../lib/casino/format.ts';
import { catalogueCall } from './catalogue-call.ts';

/**
 * The related games of a game page, live from `POST /games/getRelated`. The
 * page is built with a related list for crawlers; this replaces it with the
 * platform's (same category first, then same provider, most viewed, new
 * games included). A failure keeps the built list: it is shown as is. Read
 * with a bare `fetch` (`catalogue-call.ts`): it is on a game page's first load.
 */
export type RelatedState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; games: GameCardData[] }
  | { status: 'failed'; key: string };

export const $related = atom<RelatedState>({ status: 'idle' });

/** The game a related list belongs to (codes compared ignoring case, spec section 4). */
export function relatedKey(gamecode: string, providercode: string): string {
  return `${providercode.toLowerCase()}/${gamecode.toLowerCase()}`;
}

const keyOf = (state: RelatedState): string | null => (state.status === 'idle' ? null : state.key);

/** Only what a card shows is kept (the answer carries whole games). */
const card = ({ id, title, gamecode, providercode, provider_name, image }: GameCardData): GameCardData => ({ id, title, gamecode, providercode, provider_name, image });

/** Loads the live related games of one game; ignored while that game's list is loading or loaded. */
export async function loadRelated(gamecode: string, providercode: string): Promise<void> {
  const key = relatedKey(gamecode, providercode);
  const s = $related.get();
  if ((s.status === 'loading' || s.status === 'ready') && s.key === key) return;
  $related.set({ status: 'loading', key });
  try {
    const answer = await catalogueCall<RelatedGamesAnswer>('/games/getRelated', { method: 'POST', body: { game_id: gamecode, provider_code: providercode } });
    // Another game page asked meanwhile (client-side navigation): that answer wins.
    if (keyOf($related.get()) !== key) return;
    $related.set({ status: 'ready', key, games: answer.related_games.map(card) });
  } catch {
    if (keyOf($related.get()) === key) $related.set({ status: 'failed', key });
  }
}

/** The list to show for a game: the live one once loaded, else the built one. */
export function relatedToShow(state: RelatedState, key: string, built: GameCardData[]): GameCardData[] {
  return state.status === 'ready' && state.key === key ? state.games : built;
}
