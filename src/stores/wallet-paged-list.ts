import { atom, computed, type ReadableAtom } from 'nanostores';
import type { PagedList } from '../contract/wallet.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { onPlayerChange } from './player-change.ts';
import { $wallet } from './wallet.ts';

/**
 * A paged money-history list (transactions, casino bets, bonuses,
 * withdrawals) as a store: pages append (spec section 4: "lists append
 * pages and ignore requests while loading or beyond last page"), a reload
 * (filter change) clears the list and loads page 1, and a failure keeps the
 * rows already shown with one message and a retry.
 */
export type ListRequest = { status: 'idle' } | { status: 'loading'; page: number } | { status: 'ready' } | { status: 'error'; page: number; message: Message };

export interface PagedListState<T> {
  items: T[];
  /** Last page loaded; 0 before the first answer. */
  currentPage: number;
  lastPage: number;
  total: number;
  request: ListRequest;
}

export interface PagedListStore<T> {
  $state: ReadableAtom<PagedListState<T>>;
  /** True when a further page exists and nothing is loading. */
  $hasMore: ReadableAtom<boolean>;
  /** Clears the list and loads page 1; an answer to an older request is dropped. */
  reload(): Promise<void>;
  /** Asks for page 1 again and shows it in place of the list, without emptying it first (no flicker). */
  refresh(): Promise<void>;
  /** Appends the next page; ignored while loading, past the last page, or before page 1 loaded. */
  loadMore(): Promise<void>;
  /** Asks again for the page that failed (page 1 after a failed reload). */
  retry(): Promise<void>;
  /** Changes rows in place (a withdrawal just created or cancelled) without asking the platform. */
  updateItems(change: (items: T[]) => T[]): void;
  reset(): void;
}

export interface PagedListOptions<T> {
  fetchPage: (page: number, signal: AbortSignal) => Promise<PagedList<T>>;
  /** Shown on any failure; LIST_FAILED unless given. */
  errorMessage?: Message;
}

/** The shared text of every money-list failure (spec section 8: "Failed to fetch transactions."). */
export const LIST_FAILED: Message = keyMessage('wallet.errors.fetch');

const EMPTY = { items: [], currentPage: 0, lastPage: 1, total: 0, request: { status: 'idle' } } as const;

export function createPagedList<T>(options: PagedListOptions<T>): PagedListStore<T> {
  const $state = atom<PagedListState<T>>({ ...EMPTY, items: [] });
  let generation = 0;
  let controller: AbortController | null = null;

  async function load(page: number, replace: boolean): Promise<void> {
    const mine = ++generation;
    controller?.abort();
    const own = new AbortController();
    controller = own;
    const before = $state.get();
    $state.set(replace ? { ...EMPTY, items: [], request: { status: 'loading', page } } : { ...before, request: { status: 'loading', page } });
    try {
      const answer = await options.fetchPage(page, own.signal);
      if (mine !== generation) return;
      const current = $state.get();
      $state.set({
        items: page === 1 ? answer.data : [...current.items, ...answer.data],
        currentPage: answer.current_page,
        lastPage: Math.max(1, answer.last_page),
        total: answer.total,
        request: { status: 'ready' },
      });
    } catch (error) {
      if (mine !== generation || (error instanceof ApiError && error.kind === 'aborted')) return;
      $state.set({ ...$state.get(), request: { status: 'error', page, message: options.errorMessage ?? LIST_FAILED } });
    } finally {
      if (controller === own) controller = null;
    }
  }

  const store: PagedListStore<T> = {
    $state,
    $hasMore: computed($state, (s) => s.request.status !== 'loading' && s.currentPage > 0 && s.currentPage < s.lastPage),
    reload: () => load(1, true),
    refresh: () => load(1, false),
    loadMore() {
      const s = $state.get();
      if (s.request.status === 'loading' || s.currentPage === 0 || s.currentPage >= s.lastPage) return Promise.resolve();
      return load(s.currentPage + 1, false);
    },
    retry() {
      const s = $state.get();
      if (s.request.status !== 'error') return Promise.resolve();
      return s.request.page <= 1 ? load(1, true) : load(s.request.page, false);
    },
    updateItems(change) {
      const s = $state.get();
      $state.set({ ...s, items: change(s.items) });
    },
    reset() {
      generation++;
      controller?.abort();
      controller = null;
      $state.set({ ...EMPTY, items: [] });
    },
  };

  // Another player's rows must never show: a sign-out or a different sign-in empties the list.
  onPlayerChange(() => store.reset());
  return store;
}

// Moved to player-change.ts (the address and documents stores use it too); re-exported for the wallet stores.
export { onPlayerChange };

/**
 * Keeps a list current while it is shown: whenever the balance changes (a
 * realtime BalanceUpdated, a deposit paid, a withdrawal refused or
 * cancelled), page 1 is asked for again. Returns the unsubscribe.
 */
export function refreshOnWalletChange(list: Pick<PagedListStore<unknown>, 'refresh'>): () => void {
  const figures = (): string => {
    const wallet = $wallet.get();
    return wallet ? `${wallet.balance}/${wallet.balance_withdrawal}` : '';
  };
  let last = figures();
  return $wallet.listen(() => {
    const next = figures();
    if (next === last) return;
    last = next;
    void list.refresh();
  });
}
