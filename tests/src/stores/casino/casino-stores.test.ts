// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../../../../src/contract/casino.ts';
import { fakeApi, USER } from '../auth-fake-api.ts';

/** Casino list and game rules of spec section 4, against a fake platform. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function game(id: number, patch: Partial<GameView> = {}): GameView {
  return {
    id, game_id: `g${id}`, title: `Game ${id}`, gamecode: `game-${id}`, providercode: 'pragmatic', provider_name: 'Pragmatic Play',
    has_tables: false, only_demo: false, bonus_allowed: true, views: 0, image: `/g${id}.webp`, image_mobile: `/g${id}.webp`,
    category_slug: 'slots', hasLike: false, totalLikes: 3, hasFavorite: false, type: 'slot', rtp: 9600, ...patch,
  };
}

/** `GET /casinos/games` over `count` games (24 a page, provider filter), recording each query (the fake API drops query strings). */
function pagedGames(count: number, queries: URLSearchParams[], options: { hold?: () => Promise<void> } = {}) {
  const all = Array.from({ length: count }, (_, i) => game(i + 1, { providercode: i % 2 ? 'pgsoft' : 'pragmatic' }));
  const fetchStub = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    if (url.pathname.endsWith('/casinos/games')) {
      queries.push(url.searchParams);
      await options.hold?.();
      const providers = url.searchParams.get('provider');
      const list = providers && providers !== 'all' ? all.filter((g) => providers.split(',').includes(g.providercode)) : all;
      const page = Number(url.searchParams.get('page'));
      const body = { data: list.slice((page - 1) * 24, page * 24), current_page: page, last_page: Math.max(1, Math.ceil(list.length / 24)), total: list.length };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }
    return fetchStub(input, init);
  });
}

const loadGames = () => import('../../../../src/stores/games.ts');

describe('games list and filter', () => {
  it('appends pages, ignores requests while loading and beyond the last page', async () => {
    fakeApi({});
    const queries: URLSearchParams[] = [];
    let release: () => void = () => {};
    let held = false;
    pagedGames(30, queries, { hold: () => (held ? new Promise<void>((r) => (release = r)) : Promise.resolve()) });
    const { gamesList, startLobby, EMPTY_FILTER } = await loadGames();
    await startLobby(EMPTY_FILTER, null);
    expect(gamesList.$state.get()).toMatchObject({ currentPage: 1, lastPage: 2, total: 30 });
    expect(gamesList.$state.get().items).toHaveLength(24);

    held = true;
    const first = gamesList.loadMore();
    const ignored = gamesList.loadMore();
    await Promise.resolve();
    release();
    await Promise.all([first, ignored]);
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2']);
    expect(gamesList.$state.get().items.map((g) => g.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    held = false;
    await gamesList.loadMore();
    expect(queries).toHaveLength(2);
  });

  it('a filter change clears the list and reloads page 1 with the provider comma list', async () => {
    fakeApi({});
    const queries: URLSearchParams[] = [];
    pagedGames(60, queries);
    const { gamesList, startLobby, EMPTY_FILTER, toggleProvider, setGamesFilter } = await loadGames();
    await startLobby(EMPTY_FILTER, null);
    await gamesList.loadMore();
    expect(gamesList.$state.get().currentPage).toBe(2);

    const reloading = toggleProvider('pgsoft');
    expect(gamesList.$state.get()).toMatchObject({ items: [], currentPage: 0, status: 'loading' });
    await reloading;
    expect(queries.at(-1)!.get('page')).toBe('1');
    expect(queries.at(-1)!.get('provider')).toBe('pgsoft');
    expect(gamesList.$state.get().items.every((g) => g.providercode === 'pgsoft')).toBe(true);

    await toggleProvider('pragmatic');
    expect(queries.at(-1)!.get('provider')).toBe('pgsoft,pragmatic');
    await setGamesFilter({ providers: [], bonuses: true, category: 'slots', type: 'slot' });
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ page: '1', provider: 'all', category: 'slots', type: 'slot', bonuses: '1' });

    // The same filter again is no change: nothing is asked.
    const count = queries.length;
    await setGamesFilter({ bonuses: true });
    expect(queries).toHaveLength(count);
  });

  it('searches once typing pauses, sending the trimmed term', async () => {
    vi.useFakeTimers();
    fakeApi({});
    const queries: URLSearchParams[] = [];
    pagedGames(5, queries);
    const { typeSearch, startLobby, EMPTY_FILTER, SEARCH_DEBOUNCE_MS, $gamesFilter } = await loadGames();
    await startLobby(EMPTY_FILTER, null);
    typeSearch('for');
    typeSearch('fort ');
    expect($gamesFilter.get().searchTerm).toBe('fort ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(queries).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queries).toHaveLength(2);
    expect(queries[1]!.get('searchTerm')).toBe('fort');
  });

  it('starts from the pre-rendered page and swaps in the live one without emptying the list', async () => {
    fakeApi({});
    const queries: URLSearchParams[] = [];
    pagedGames(3, queries);
    const { gamesList, startLobby, EMPTY_FILTER } = await loadGames();
    const seed = { data: [game(99)], current_page: 1, last_page: 1, total: 1 };
    const starting = startLobby(EMPTY_FILTER, seed);
    expect(gamesList.$state.get().items.map((g) => g.id)).toEqual([99]);
    await starting;
    expect(gamesList.$state.get().items.map((g) => g.id)).toEqual([1, 2, 3]);
  });
});

describe('home featured list', () => {
  it('loads only when empty, merges pages without duplicate ids and ends at the last page', async () => {
    const pages: Record<string, GameView[]> = { '1': [game(1), game(2)], '2': [game(2), game(3)] };
    const asked: string[] = [];
    fakeApi({});
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      if (!url.pathname.endsWith('/featured/home-games')) return base(input, init);
      const page = url.searchParams.get('page')!;
      asked.push(page);
      return new Response(JSON.stringify({ data: pages[page], current_page: Number(page), last_page: 2, total: 3 }), { headers: { 'content-type': 'application/json' } });
    });
    const { $featured, loadFeatured, loadMoreFeatured } = await import('../../../../src/stores/casino-featured.ts');
    await loadFeatured();
    await loadFeatured();
    expect(asked).toEqual(['1']);
    expect($featured.get().ended).toBe(false);
    await loadMoreFeatured();
    expect($featured.get().games.map((g) => g.id)).toEqual([1, 2, 3]);
    expect($featured.get().ended).toBe(true);
    await loadMoreFeatured();
    expect(asked).toEqual(['1', '2']);
  });
});

describe('providers', () => {
  it('reload only while 4 or fewer are loaded', async () => {
    let size = 3;
    const api = fakeApi({
      'GET /games/providers': () => ({
        json: { data: Array.from({ length: size }, (_, i) => ({ id: i, code: `p${i}`, name: `P${i}`, image: null, games_count: 1 })), current_page: 1, last_page: 1, total: size },
      }),
    });
    const { $providers, loadProviders } = await import('../../../../src/stores/casino-providers.ts');
    await loadProviders();
    size = 5;
    await loadProviders();
    expect($providers.get().items).toHaveLength(5);
    await loadProviders();
    expect(api.calls.filter((c) => c.path === '/games/providers')).toHaveLength(2);
  });
});

const loadGame = () => import('../../../../src/stores/casino-game.ts');
const signedIn = (likes: number[] = []) => {
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, user_likes: likes }));
};

describe('single game', () => {
  it('is taken from the loaded list when the codes match ignoring case, else fetched; a failure is not-found', async () => {
    fakeApi({
      'POST /games/get': (body) =>
        (body as { game_id: string }).game_id === 'fetched' ? { json: { game: game(50, { gamecode: 'fetched' }) } } : { status: 404, json: { message: 'Jogo não encontrado.' } },
    });
    const queries: URLSearchParams[] = [];
    pagedGames(3, queries);
    const { startLobby, EMPTY_FILTER } = await loadGames();
    await startLobby(EMPTY_FILTER, null);
    const { $selectedGame, loadGame: select } = await loadGame();

    await select('GAME-2', 'PgSoft');
    expect($selectedGame.get()).toMatchObject({ status: 'ready', game: { id: 2 } });
    await select('fetched', 'pragmatic');
    expect($selectedGame.get()).toMatchObject({ status: 'ready', game: { id: 50 } });
    await select('nope', 'pragmatic');
    expect($selectedGame.get()).toEqual({ status: 'not-found' });
  });
});

describe('like and favorite', () => {
  async function withGame(routes: Parameters<typeof fakeApi>[0]) {
    const api = fakeApi({ 'POST /games/get': () => ({ json: { game: game(7, { totalLikes: 3 }) } }), ...routes });
    const stores = await loadGame();
    await stores.loadGame('game-7', 'pragmatic');
    const { $session } = await import('../../../../src/stores/session.ts');
    return { ...stores, $session, api };
  }
  const selected = (s: { get(): unknown }) => (s.get() as { game: GameView }).game;
  const likes = (s: { get(): unknown }) => (s.get() as { user: { user_likes?: number[] } }).user.user_likes;

  it('asks a visitor to log in and calls nothing', async () => {
    const { toggleLike, toggleFavorite, launchGame, api } = await withGame({});
    expect(await toggleLike()).toBe('login');
    expect(await toggleFavorite()).toBe('login');
    expect(await launchGame(false)).toBe('login');
    expect(api.calls.map((c) => c.path)).toEqual(['/games/get']);
  });

  it('is optimistic, then takes the returned action flag and count', async () => {
    signedIn([1]);
    let resolve: (v: { json: unknown }) => void = () => {};
    const pending = new Promise<{ json: unknown }>((r) => (resolve = r));
    const { toggleLike, $selectedGame, $session } = await withGame({});
    // Hold the like answer to look at the optimistic state.
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new Request(input, init).url.endsWith('/games/like/7')) {
        const answer = await pending;
        return new Response(JSON.stringify(answer.json), { headers: { 'content-type': 'application/json' } });
      }
      return base(input, init);
    });
    const toggling = toggleLike();
    expect(selected($selectedGame)).toMatchObject({ hasLike: true, totalLikes: 4 });
    expect(likes($session)).toEqual([1, 7]);
    // The platform says the player does not like it (another tab undid it): its flag and count win.
    resolve({ json: { action: false, totalLikes: 2 } });
    expect(await toggling).toBe('done');
    expect(selected($selectedGame)).toMatchObject({ hasLike: false, totalLikes: 2 });
    expect(likes($session)).toEqual([1]);
  });

  it('reverts on failure and shows an error', async () => {
    signedIn();
    const { toggleLike, $selectedGame, $gameMessage, $session } = await withGame({
      'POST /games/like/7': () => ({ status: 500, json: { message: 'Falhou' } }),
    });
    expect(await toggleLike()).toBe('failed');
    expect(selected($selectedGame)).toMatchObject({ hasLike: false, totalLikes: 3 });
    expect(likes($session)).toEqual([]);
    expect($gameMessage.get()).not.toBeNull();
  });

  it('favorite flips hasFavorite to the returned flag, reverts on failure', async () => {
    signedIn();
    let fail = false;
    const { toggleFavorite, $selectedGame } = await withGame({
      'POST /games/favorite/7': () => (fail ? { status: 500, json: { message: 'x' } } : { json: { action: true } }),
    });
    expect(await toggleFavorite()).toBe('done');
    expect(selected($selectedGame).hasFavorite).toBe(true);
    fail = true;
    expect(await toggleFavorite()).toBe('failed');
    expect(selected($selectedGame).hasFavorite).toBe(true);
  });
});

describe('play', () => {
  it('demo for anyone gives the frame URL; a failure is the maintenance state', async () => {
    let fail = false;
    const api = fakeApi({
      'POST /games/get': () => ({ json: { game: game(7) } }),
      'POST /games/url': () => (fail ? { status: 503, json: { message: 'x' } } : { json: { gameUrl: '/casino/play?game=dice&mode=demo' } }),
    });
    const { loadGame: select, launchGame, $play } = await loadGame();
    await select('game-7', 'pragmatic');
    expect(await launchGame(true)).toBe('done');
    expect($play.get()).toEqual({ status: 'ready', demo: true, url: '/casino/play?game=dice&mode=demo' });
    expect(api.calls.at(-1)!.body).toEqual({ game_id: 'game-7', provider_code: 'pragmatic', demo: true, lang: 'pt' });
    fail = true;
    expect(await launchGame(true)).toBe('failed');
    expect($play.get()).toEqual({ status: 'maintenance' });
  });
});

describe('player lists', () => {
  it('favorites load for players only and empty on sign-out', async () => {
    signedIn();
    fakeApi({ 'GET /profile/favorites': () => ({ json: { data: [game(1)], current_page: 1, last_page: 1, total: 1 } }) });
    const { favoritesList, ensurePlayerList } = await import('../../../../src/stores/casino-player.ts');
    const { signOut } = await import('../../../../src/stores/session.ts');
    await ensurePlayerList(favoritesList);
    expect(favoritesList.$state.get().items).toHaveLength(1);
    signOut();
    expect(favoritesList.$state.get().items).toEqual([]);
    await ensurePlayerList(favoritesList);
    expect(favoritesList.$state.get().currentPage).toBe(0);
  });
});
