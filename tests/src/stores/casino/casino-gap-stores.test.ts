// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../../../../src/contract/casino.ts';
import { fakeApi, USER } from '../auth-fake-api.ts';

/** The lobby's provider list, the "try these" featured list and a game page's live related games, against a fake platform. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

function game(id: number, patch: Partial<GameView> = {}): GameView {
  return {
    id, game_id: `g${id}`, title: `Game ${id}`, gamecode: `game-${id}`, providercode: 'pragmatic', provider_name: 'Pragmatic Play',
    has_tables: false, only_demo: false, bonus_allowed: true, views: 0, image: `/g${id}.webp`, image_mobile: `/g${id}.webp`,
    category_slug: 'slots', hasLike: false, totalLikes: 3, hasFavorite: false, type: 'slot', rtp: 9600, ...patch,
  };
}

const chips = (count: number, prefix = 'p') => Array.from({ length: count }, (_, i) => ({ code: `${prefix}${i}`, name: `P${i}`, image: null, games_count: 1 }));
const json = (body: unknown) => ({ json: body });

describe('providers seeded with the built list', () => {
  it('a built list of 4 or fewer is replaced by the live one', async () => {
    const api = fakeApi({ 'GET /games/providers': () => json({ data: chips(6, 'live').map((c, id) => ({ id, ...c })), current_page: 1, last_page: 1, total: 6 }) });
    const { $providers, seedProviders, loadProviders } = await import('../../../../src/stores/casino-providers.ts');
    seedProviders(chips(4));
    expect($providers.get().items.map((p) => p.code)).toEqual(['p0', 'p1', 'p2', 'p3']);
    await loadProviders();
    expect($providers.get().items.map((p) => p.code)).toEqual(['live0', 'live1', 'live2', 'live3', 'live4', 'live5']);
    // Now more than 4: no further reload.
    await loadProviders();
    expect(api.calls.filter((c) => c.path === '/games/providers')).toHaveLength(1);
  });

  it('a built list of more than 4 is kept without asking; a failed reload keeps the built list', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /games/providers': () => (fail ? { status: 500, json: { message: 'x' } } : json({ data: [], current_page: 1, last_page: 1, total: 0 })) });
    const { $providers, seedProviders, loadProviders, resetProviders } = await import('../../../../src/stores/casino-providers.ts');
    seedProviders(chips(5));
    await loadProviders();
    expect(api.calls).toHaveLength(0);
    expect($providers.get().items).toHaveLength(5);

    resetProviders();
    seedProviders(chips(2));
    await loadProviders();
    expect($providers.get()).toMatchObject({ failed: true, loading: false });
    expect($providers.get().items.map((p) => p.code)).toEqual(['p0', 'p1']);
    fail = false;
    await loadProviders();
    expect($providers.get()).toMatchObject({ items: [], failed: false });
  });

  it('a seed never replaces a list already loaded', async () => {
    fakeApi({ 'GET /games/providers': () => json({ data: chips(2, 'live'), current_page: 1, last_page: 1, total: 2 }) });
    const { $providers, seedProviders, loadProviders } = await import('../../../../src/stores/casino-providers.ts');
    await loadProviders();
    seedProviders(chips(3));
    expect($providers.get().items.map((p) => p.code)).toEqual(['live0', 'live1']);
  });
});

describe('suggested (featured) games', () => {
  it('loads page 1 once, appends pages, ignores requests while loading and past the last page', async () => {
    const pages: Record<string, GameView[]> = { '1': [game(1), game(2)], '2': [game(3)] };
    const asked: string[] = [];
    let release: () => void = () => {};
    let hold = false;
    fakeApi({});
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      if (!url.pathname.endsWith('/featured/games')) return base(input, init);
      const page = url.searchParams.get('page')!;
      asked.push(page);
      if (hold) await new Promise<void>((r) => (release = r));
      return new Response(JSON.stringify({ data: pages[page], current_page: Number(page), last_page: 2, total: 3 }), { headers: { 'content-type': 'application/json' } });
    });
    const { suggestedList, ensureSuggested } = await import('../../../../src/stores/casino-suggested.ts');
    await ensureSuggested();
    await ensureSuggested();
    expect(asked).toEqual(['1']);
    expect(suggestedList.$state.get()).toMatchObject({ currentPage: 1, lastPage: 2, status: 'ready' });

    hold = true;
    const more = suggestedList.loadMore();
    const ignored = suggestedList.loadMore();
    await Promise.resolve();
    release();
    await Promise.all([more, ignored]);
    expect(asked).toEqual(['1', '2']);
    expect(suggestedList.$state.get().items.map((g) => g.id)).toEqual([1, 2, 3]);

    hold = false;
    await suggestedList.loadMore();
    expect(asked).toEqual(['1', '2']);
  });

  it('is the same for every visitor: a sign-in or sign-out keeps it', async () => {
    fakeApi({ 'GET /featured/games': () => json({ data: [game(1)], current_page: 1, last_page: 1, total: 1 }) });
    const { suggestedList, ensureSuggested } = await import('../../../../src/stores/casino-suggested.ts');
    const { signIn, signOut } = await import('../../../../src/stores/session.ts');
    await ensureSuggested();
    signIn('tok', USER);
    signOut();
    expect(suggestedList.$state.get().items.map((g) => g.id)).toEqual([1]);
  });
});

describe('related games', () => {
  it('asks POST /games/getRelated once per game and keeps only card fields', async () => {
    const api = fakeApi({ 'POST /games/getRelated': () => json({ related_games: [game(5), game(6)] }) });
    const { $related, loadRelated, relatedKey, relatedToShow } = await import('../../../../src/stores/casino-related.ts');
    const built = [{ id: 9, title: 'Built', gamecode: 'built', providercode: 'house', provider_name: 'House', image: '/b.webp' }];
    const key = relatedKey('Dice', 'HOUSE');
    expect(relatedToShow($related.get(), key, built)).toBe(built);

    await loadRelated('Dice', 'HOUSE');
    await loadRelated('dice', 'house');
    expect(api.calls.filter((c) => c.path === '/games/getRelated').map((c) => c.body)).toEqual([{ game_id: 'Dice', provider_code: 'HOUSE' }]);
    expect(relatedToShow($related.get(), key, built)).toEqual([
      { id: 5, title: 'Game 5', gamecode: 'game-5', providercode: 'pragmatic', provider_name: 'Pragmatic Play', image: '/g5.webp' },
      { id: 6, title: 'Game 6', gamecode: 'game-6', providercode: 'pragmatic', provider_name: 'Pragmatic Play', image: '/g6.webp' },
    ]);
    // Another game's page shows its own built list until its answer arrives.
    expect(relatedToShow($related.get(), relatedKey('limbo', 'house'), built)).toBe(built);
  });

  it('a failure keeps the built list; an empty answer empties it', async () => {
    let answer: { status?: number; json: unknown } = { status: 503, json: { message: 'x' } };
    fakeApi({ 'POST /games/getRelated': () => answer });
    const { $related, loadRelated, relatedKey, relatedToShow } = await import('../../../../src/stores/casino-related.ts');
    const built = [{ id: 9, title: 'Built', gamecode: 'built', providercode: 'house', provider_name: 'House', image: '/b.webp' }];
    await loadRelated('dice', 'house');
    expect($related.get()).toEqual({ status: 'failed', key: 'house/dice' });
    expect(relatedToShow($related.get(), 'house/dice', built)).toBe(built);
    answer = { json: { related_games: [] } };
    await loadRelated('dice', 'house');
    expect(relatedToShow($related.get(), relatedKey('dice', 'house'), built)).toEqual([]);
  });

  it('drops an answer for a game the visitor already left', async () => {
    let release: () => void = () => {};
    fakeApi({});
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(await new Request(input, init).text()) as { game_id: string };
      if (body.game_id === 'slow') await new Promise<void>((r) => (release = r));
      return new Response(JSON.stringify({ related_games: [game(body.game_id === 'slow' ? 1 : 2)] }), { headers: { 'content-type': 'application/json' } });
    });
    const { $related, loadRelated } = await import('../../../../src/stores/casino-related.ts');
    const slow = loadRelated('slow', 'house');
    await new Promise((r) => setTimeout(r, 0));
    await loadRelated('fast', 'house');
    release();
    await slow;
    expect($related.get()).toMatchObject({ status: 'ready', key: 'house/fast', games: [{ id: 2 }] });
  });
});
