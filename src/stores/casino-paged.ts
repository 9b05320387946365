import { atom, type ReadableAtom } from 'nanostores';
import type { PagedList } from '../contract/wallet.ts';
import { ApiError } from '../lib/api/errors.ts';

/**
 * A paged game list (lobby, favorites, recents) with the rules of spec
 * section 4: a reload (filter change) clears the list and loads page 1;
 * further pages append; a request while loading or beyond the last page is
 * ignored. An answer to a request that a newer reload replaced is dropped.
 */
export type PagedStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PagedGamesState<T> {
  items: T[];
  /** Last page loaded; 0 before the first answer. */
  currentPage: number;
  lastPage: number;
  total: number;
  status: PagedStatus;
}

export interface PagedGames<T> {
  $state: ReadableAtom<PagedGamesState<T>>;
  /** Clears the list and loads page 1. */
  reload(): Promise<void>;
  /** Loads page 1 again in place of the list without emptying it first (no flicker over pre-rendered cards). */
  refresh(): Promise<void>;
  /** Loads page 1 unless it is already loaded or loading. */
  ensureLoaded(): Promise<void>;
  /** Appends the next page; ignored while loading, beyond the last page, or before page 1 loaded. */
  loadMore(): Promise<void>;
  /** After a failure: asks again for what failed (the next page once page 1 is loaded, else page 1). */
  retry(): Promise<void>;
  /** Starts from a page known without asking (the pre-rendered first page). */
  seed(page: PagedList<T>): void;
  /** Changes items in place (a like, an unfavorite) without asking the platform. */
  updateItems(change: (items: T[]) => T[]): void;
  reset(): void;
}

const empty = <T>(): PagedGamesState<T> => ({ items: [], currentPage: 0, lastPage: 1, total: 0, status: 'idle' });

export function createPagedGames<T extends { id: number }>(fetchPage: (page: number, signal: AbortSignal) => Promise<PagedList<T>>): PagedGames<T> {
  const $state = atom<PagedGamesState<T>>(empty());
  let generation = 0;
  let controller: AbortController | null = null;

  async function load(page: number, clear: boolean): Promise<void> {
    const mine = ++generation;
    controller?.abort();
    const own = new AbortController();
    controller = own;
    $state.set(clear ? { ...empty<T>(), status: 'loading' } : { ...$state.get(), status: 'loading' });
    try {
      const answer = await fetchPage(page, own.signal);
      if (mine !== generation) return;
      const before = page === 1 ? [] : $state.get().items;
      // A page may repeat an item that moved up meanwhile (most viewed first): keep the first one.
      const seen = new Set(before.map((item) => item.id));
      $state.set({
        items: [...before, ...answer.data.filter((item) => !seen.has(item.id))],
        currentPage: answer.current_page,
        lastPage: Math.max(1, answer.last_page),
        total: answer.total,
        status: 'ready',
      });
    } catch (error) {
      if (mine !== generation || (error instanceof ApiError && error.kind === 'aborted')) return;
      $state.set({ ...$state.get(), status: 'error' });
    } finally {
      if (controller === own) controller = null;
    }
  }

  function loadMore(): Promise<void> {
    const s = $state.get();
    if (s.status === 'loading' || s.currentPage === 0 || s.currentPage >= s.lastPage) return Promise.resolve();
    return load(s.currentPage + 1, false);
  }

  return {
    $state,
    reload: () => load(1, true),
    refresh: () => load(1, false),
    ensureLoaded() {
      const s = $state.get();
      if (s.status === 'loading' || s.currentPage > 0) return Promise.resolve();
      return load(1, true);
    },
    loadMore,
    retry: () => ($state.get().currentPage > 0 ? loadMore() : load(1, true)),
    seed(page) {
      generation++;
      $state.set({ items: page.data, currentPage: page.current_page, lastPage: Math.max(1, page.last_page), total: page.total, status: 'ready' });
    },
    updateItems(change) {
      const s = $state.get();
      $state.set({ ...s, items: change(s.items) });
    },
    reset() {
      generation++;
      controller?.abort();
      controller = null;
      $state.set(empty());
    },
  };
}

/** True when a further page exists and nothing is loading. */
export function hasMore(state: PagedGamesState<unknown>): boolean {
  return state.status !== 'loading' && state.currentPage > 0 && state.currentPage < state.lastPage;
}
