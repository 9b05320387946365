import { atom } from 'nanostores';
import type { GamesPage, GameView } from '../contract/casino.ts';
import { catalogueCall } from './catalogue-call.ts';

/**
 * The home page's featured list (`GET /featured/home-games`), spec section 4:
 * it loads only while empty, pages merge without duplicate ids, and the list
 * is complete once the current page reaches the last page. Read with a bare
 * `fetch` (`catalogue-call.ts`): the list is on the home page's first load.
 */
export interface FeaturedState {
  games: GameView[];
  currentPage: number;
  ended: boolean;
  loading: boolean;
  failed: boolean;
}

export const $featured = atom<FeaturedState>({ games: [], currentPage: 0, ended: false, loading: false, failed: false });

function merge(games: GameView[], page: GameView[]): GameView[] {
  const seen = new Set(games.map((g) => g.id));
  return [...games, ...page.filter((g) => !seen.has(g.id))];
}

async function fetchPage(page: number): Promise<void> {
  $featured.set({ ...$featured.get(), loading: true, failed: false });
  try {
    const answer = await catalogueCall<GamesPage>('/featured/home-games', { query: { page } });
    const s = $featured.get();
    $featured.set({
      games: merge(s.games, answer.data),
      currentPage: answer.current_page,
      ended: answer.current_page >= answer.last_page,
      loading: false,
      failed: false,
    });
  } catch {
    $featured.set({ ...$featured.get(), loading: false, failed: true });
  }
}

/** First page, only when nothing is loaded yet (a return to the home page keeps the list). */
export function loadFeatured(): Promise<void> {
  const s = $featured.get();
  if (s.games.length > 0 || s.loading) return Promise.resolve();
  return fetchPage(1);
}

/** Next page, ignored while loading or once the end is reached. */
export function loadMoreFeatured(): Promise<void> {
  const s = $featured.get();
  if (s.loading || s.ended || s.currentPage === 0) return Promise.resolve();
  return fetchPage(s.currentPage + 1);
}
