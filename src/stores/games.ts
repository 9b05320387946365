import { atom } from 'nanostores';
import type { GameType } from '../contract/casino.ts';
import { casinoApi } from './casino-api.ts';
import type { GameCardData } from '../lib/casino/format.ts';
import { createPagedGames } from './casino-paged.ts';

/**
 * The lobby's game list and its filter (spec sections 3 and 4): provider is
 * a set of provider codes (sent as a comma list, `all` when empty), search
 * term, category, type and "with bonus". Any filter change clears the list
 * and reloads page 1.
 */
export interface GamesFilter {
  providers: string[];
  searchTerm: string;
  category: string;
  type: GameType | '';
  bonuses: boolean;
}

export const EMPTY_FILTER: GamesFilter = { providers: [], searchTerm: '', category: '', type: '', bonuses: false };

/** Wait after the last keystroke before searching (the spec does not say; 300 ms feels immediate). */
export const SEARCH_DEBOUNCE_MS = 300;

export const $gamesFilter = atom<GamesFilter>(EMPTY_FILTER);

/** Cards of the lobby: pre-rendered bundle games first, then the platform's GameView pages. */
export type LobbyGame = GameCardData;

export const gamesList = createPagedGames<LobbyGame>((page, signal) => {
  const f = $gamesFilter.get();
  return casinoApi.games(
    { page, provider: f.providers.length ? f.providers.join(',') : 'all', searchTerm: f.searchTerm.trim(), category: f.category, type: f.type || undefined, bonuses: f.bonuses },
    signal,
  );
});

function sameFilter(a: GamesFilter, b: GamesFilter): boolean {
  return (
    a.searchTerm.trim() === b.searchTerm.trim() &&
    a.category === b.category &&
    a.type === b.type &&
    a.bonuses === b.bonuses &&
    [...a.providers].sort().join(',') === [...b.providers].sort().join(',')
  );
}

/** Applies a filter change; a real change clears the list and loads page 1 (nothing happens otherwise). */
export function setGamesFilter(patch: Partial<GamesFilter>): Promise<void> {
  const next = { ...$gamesFilter.get(), ...patch };
  if (sameFilter(next, $gamesFilter.get())) {
    $gamesFilter.set(next);
    return Promise.resolve();
  }
  clearSearchTimer();
  $gamesFilter.set(next);
  return gamesList.reload();
}

/** Adds or removes one provider of the multi-select. */
export function toggleProvider(code: string): Promise<void> {
  const current = $gamesFilter.get().providers;
  return setGamesFilter({ providers: current.includes(code) ? current.filter((c) => c !== code) : [...current, code] });
}

let searchTimer: ReturnType<typeof setTimeout> | null = null;
function clearSearchTimer(): void {
  if (searchTimer !== null) clearTimeout(searchTimer);
  searchTimer = null;
}

/** The search box: shows the text at once, searches once typing pauses for SEARCH_DEBOUNCE_MS. */
export function typeSearch(text: string): void {
  clearSearchTimer();
  const applied = $gamesFilter.get();
  $gamesFilter.set({ ...applied, searchTerm: text });
  searchTimer = setTimeout(() => {
    searchTimer = null;
    // Compare with the filter the list was loaded for, so typing back to it reloads nothing.
    if (text.trim() !== lastLoadedSearch) void reloadForSearch();
  }, SEARCH_DEBOUNCE_MS);
}

let lastLoadedSearch = '';
function reloadForSearch(): Promise<void> {
  lastLoadedSearch = $gamesFilter.get().searchTerm.trim();
  return gamesList.reload();
}
gamesList.$state.listen((s) => {
  if (s.status === 'loading') lastLoadedSearch = $gamesFilter.get().searchTerm.trim();
});

/** Starts the lobby from a filter (the page's category, the URL's `?provider=`) and its pre-rendered first page. */
export function startLobby(filter: GamesFilter, firstPage: Parameters<typeof gamesList.seed>[0] | null): Promise<void> {
  clearSearchTimer();
  $gamesFilter.set(filter);
  lastLoadedSearch = filter.searchTerm.trim();
  if (firstPage) {
    gamesList.seed(firstPage);
    // Swap in the live first page (views order, new games) without emptying the pre-rendered cards.
    return gamesList.refresh();
  }
  return gamesList.reload();
}
