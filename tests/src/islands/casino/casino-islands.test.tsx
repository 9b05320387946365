// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../../../../src/contract/casino.ts';
import type { CasinoLabels } from '../../../../src/lib/casino/labels.ts';
import { fakeApi, type Route, USER } from '../../stores/auth-fake-api.ts';

/**
 * The casino islands draw their stores: the lobby's provider chips come from
 * `$providers` (built list first, live list when the build had 4 or fewer),
 * an empty favorites/recent list offers the featured games, and a game
 * page's related games swap in the platform's list.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every label is its own key, so the tests read which text is shown. */
const labels = new Proxy({}, { get: (_, key) => String(key) }) as CasinoLabels;

const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function game(id: number, patch: Partial<GameView> = {}): GameView {
  return {
    id, game_id: `g${id}`, title: `Game ${id}`, gamecode: `game-${id}`, providercode: 'pragmatic', provider_name: 'Pragmatic Play',
    has_tables: false, only_demo: false, bonus_allowed: true, views: 0, image: `/g${id}.webp`, image_mobile: `/g${id}.webp`,
    category_slug: 'slots', hasLike: false, totalLikes: 3, hasFavorite: false, type: 'slot', rtp: 9600, ...patch,
  };
}
const page = (data: GameView[], current = 1, last = 1) => ({ json: { data, current_page: current, last_page: last, total: data.length } });
const chip = (code: string) => ({ code, name: code.toUpperCase(), image: null, games_count: 3 });

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await act(() => new Promise((r) => setTimeout(r, 5)));
}

let root: Root | null = null;
async function mount(element: React.ReactElement): Promise<void> {
  root = createRoot(document.getElementById('host')!);
  await act(async () => root!.render(element));
  await settle();
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  history.replaceState(null, '', '/casino/games');
  document.body.innerHTML = '<div id="host"></div>';
});

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  vi.unstubAllGlobals();
});

describe('lobby provider filter', () => {
  const firstPage = { data: [game(1)], current_page: 1, last_page: 1, total: 1 };
  const routes = (providers: ReturnType<typeof chip>[]): Record<string, Route> => ({
    'GET /casinos/games': () => page([game(1)]),
    'GET /games/providers': () => ({ json: { data: providers.map((p, id) => ({ id, ...p })), current_page: 1, last_page: 1, total: providers.length } }),
  });
  const chipCodes = () => all('[data-testid="games-provider"]').map((b) => b.dataset.provider);

  it('shows the built providers in the HTML, then the live list when the build had 4 or fewer', async () => {
    const api = fakeApi(routes([chip('house'), chip('pgsoft'), chip('evolution')]));
    const { GamesLobby } = await import('../../../../src/islands/casino/GamesLobby.tsx');
    const props = { locale: 'pt' as const, labels, firstPage, providers: [chip('house')], categories: [] };
    // What the build writes (no effects run): the built chips.
    document.getElementById('host')!.innerHTML = renderToString(<GamesLobby {...props} />);
    expect(chipCodes()).toEqual(['all', 'house']);
    document.body.innerHTML = '<div id="host"></div>';

    await mount(<GamesLobby {...props} />);
    expect(chipCodes()).toEqual(['all', 'house', 'pgsoft', 'evolution']);
    expect(api.calls.filter((c) => c.path === '/games/providers')).toHaveLength(1);

    // A live chip filters the list like a built one.
    await act(async () => document.querySelector<HTMLElement>('[data-provider="pgsoft"]')!.click());
    await settle();
    expect(document.querySelector('[data-provider="pgsoft"]')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps a built list of more than 4 without asking the platform', async () => {
    const api = fakeApi(routes([chip('other')]));
    const { GamesLobby } = await import('../../../../src/islands/casino/GamesLobby.tsx');
    const built = ['a', 'b', 'c', 'd', 'e'].map(chip);
    await mount(<GamesLobby locale="pt" labels={labels} firstPage={firstPage} providers={built} categories={[]} />);
    expect(chipCodes()).toEqual(['all', 'a', 'b', 'c', 'd', 'e']);
    expect(api.calls.filter((c) => c.path === '/games/providers')).toHaveLength(0);
  });

  it('keeps the built list when the platform fails', async () => {
    fakeApi({ 'GET /casinos/games': () => page([game(1)]), 'GET /games/providers': () => ({ status: 500, json: { message: 'x' } }) });
    const { GamesLobby } = await import('../../../../src/islands/casino/GamesLobby.tsx');
    await mount(<GamesLobby locale="pt" labels={labels} firstPage={firstPage} providers={[chip('house')]} categories={[]} />);
    expect(chipCodes()).toEqual(['all', 'house']);
  });
});

describe('empty favorites and recent lists', () => {
  function signedIn(): void {
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(USER));
  }

  it('offer the featured games ("try these"), paged with "load more"', async () => {
    signedIn();
    const api = fakeApi({
      'GET /profile/favorites': () => page([]),
      'GET /featured/games': () => {
        const asked = api.calls.filter((c) => c.path === '/featured/games').length;
        return asked === 1 ? page([game(1), game(2)], 1, 2) : page([game(3)], 2, 2);
      },
    });
    const { PlayerGames } = await import('../../../../src/islands/casino/PlayerGames.tsx');
    await mount(<PlayerGames locale="pt" labels={labels} list="favorites" />);
    expect(document.body.textContent).toContain('noFavorites');
    expect(byTestId('suggested-games')?.querySelector('h2')?.textContent).toBe('suggested');
    const cards = () => all('[data-testid="suggested-grid"] [data-testid="game-card"]').map((c) => c.dataset.gamecode);
    expect(cards()).toEqual(['game-1', 'game-2']);
    await act(async () => byTestId('suggested-more')!.click());
    await settle();
    expect(cards()).toEqual(['game-1', 'game-2', 'game-3']);
    expect(byTestId('suggested-more')).toBeNull();
  });

  it('are not offered when the player has games in the list', async () => {
    signedIn();
    const api = fakeApi({ 'GET /games/recent': () => page([game(7)]), 'GET /featured/games': () => page([game(1)]) });
    const { PlayerGames } = await import('../../../../src/islands/casino/PlayerGames.tsx');
    await mount(<PlayerGames locale="en" labels={labels} list="recent" />);
    expect(all('[data-testid="recent-grid"] [data-testid="game-card"]')).toHaveLength(1);
    expect(byTestId('suggested-games')).toBeNull();
    expect(api.calls.some((c) => c.path === '/featured/games')).toBe(false);
  });
});

describe('game page play area', () => {
  it('keeps the game frame open across a login (e.g. inside the frame) and re-reads the player flags', async () => {
    const api = fakeApi({
      'POST /games/get': (_, call) => ({ json: { game: game(7, { gamecode: 'dice', providercode: 'house', hasFavorite: call.headers.has('authorization') }) } }),
      'POST /games/url': () => ({ json: { gameUrl: '/casino/play?game=dice&mode=demo' } }),
      'GET /games/recent': () => page([]),
    });
    const { GamePlay } = await import('../../../../src/islands/casino/GamePlay.tsx');
    await mount(<GamePlay locale="pt" labels={labels} game={{ id: 7, title: 'Dice', gamecode: 'dice', providercode: 'house', only_demo: false }} />);
    await act(async () => byTestId('game-play-demo')!.click());
    await settle();
    expect(byTestId('game-frame')?.getAttribute('src')).toBe('/casino/play?game=dice&mode=demo');
    expect(byTestId('game-favorite')?.getAttribute('aria-pressed')).toBe('false');

    const { signIn } = await import('../../../../src/stores/session.ts');
    await act(async () => signIn('tok', USER));
    await settle();
    expect(byTestId('game-frame')?.getAttribute('src')).toBe('/casino/play?game=dice&mode=demo');
    expect(byTestId('game-favorite')?.getAttribute('aria-pressed')).toBe('true');
    expect(api.calls.filter((c) => c.path === '/games/get')).toHaveLength(2);
  });

  it('opens the game in the page’s language, focuses its close button; Escape closes it and focus returns to the button that opened it', async () => {
    const api = fakeApi({
      'POST /games/get': () => ({ json: { game: game(7, { gamecode: 'dice', providercode: 'house' }) } }),
      'POST /games/url': () => ({ json: { gameUrl: '/en/casino/play?game=dice&mode=demo' } }),
      'GET /games/recent': () => page([]),
    });
    document.documentElement.dataset.locale = 'en';
    const { GamePlay } = await import('../../../../src/islands/casino/GamePlay.tsx');
    await mount(<GamePlay locale="en" labels={labels} game={{ id: 7, title: 'Dice', gamecode: 'dice', providercode: 'house', only_demo: false }} />);
    await act(async () => byTestId('game-play-demo')!.click());
    await settle();
    expect(api.calls.find((c) => c.path === '/games/url')?.body).toMatchObject({ game_id: 'dice', demo: true, lang: 'en' });
    expect(document.activeElement).toBe(byTestId('game-close'));
    expect(document.documentElement.classList.contains('game-open')).toBe(true);
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    await settle();
    expect(byTestId('game-frame')).toBeNull();
    expect(document.activeElement).toBe(byTestId('game-play-demo'));
    expect(document.documentElement.classList.contains('game-open')).toBe(false);
    delete document.documentElement.dataset.locale;
  });
});
