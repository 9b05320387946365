import type {
  FavoriteAnswer,
  GameAnswer,
  GamesPage,
  GamesQuery,
  GameUrlAnswer,
  LikeAnswer,
  ProvidersPage,
} from '../contract/casino.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { api } from './api.ts';

/**
 * The catalogue calls of spec section 7, typed (the stores call these, islands
 * never do). The home's featured games and a game page's related games are
 * read before any interaction with a bare `fetch` instead (`catalogue-call.ts`).
 */

const query = (q: GamesQuery) => ({
  page: q.page ?? 1,
  provider: q.provider || undefined,
  searchTerm: q.searchTerm || undefined,
  category: q.category || undefined,
  type: q.type,
  bonuses: q.bonuses ? 1 : undefined,
});

export const casinoApi = {
  games: (q: GamesQuery, signal?: AbortSignal) => api.get<GamesPage>('/casinos/games', query(q), { signal }),
  featured: (page: number, signal?: AbortSignal) => api.get<GamesPage>('/featured/games', { page }, { signal }),
  recent: (page: number, signal?: AbortSignal) => api.get<GamesPage>('/games/recent', { page }, { signal }),
  favorites: (page: number, signal?: AbortSignal) => api.get<GamesPage>('/profile/favorites', { page }, { signal }),
  providers: (q: { page?: number; searchTerm?: string; category?: string; provider?: string }, signal?: AbortSignal) =>
    api.get<ProvidersPage>('/games/providers', { page: q.page ?? 1, searchTerm: q.searchTerm, category: q.category, provider: q.provider }, { signal }),
  game: (gamecode: string, providercode: string) => api.post<GameAnswer>('/games/get', { game_id: gamecode, provider_code: providercode }),
  like: (id: number) => api.post<LikeAnswer>(`/games/like/${id}`),
  favorite: (id: number) => api.post<FavoriteAnswer>(`/games/favorite/${id}`),
  /** `lang`: the game page's locale, so the game opens in the page's language (`/en/casino/play` for English). */
  url: (gamecode: string, providercode: string, demo: boolean, lang: Locale) =>
    api.post<GameUrlAnswer>('/games/url', { game_id: gamecode, provider_code: providercode, demo, lang }),
};
