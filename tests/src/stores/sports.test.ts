// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BTRendererConstructor, BTRendererOptions } from '../../../src/lib/sports/renderer-types.ts';
import { fakeApi, USER, type Route } from './auth-fake-api.ts';

/*
 * The sports page's store against a fake platform and a fake BTRenderer:
 * guests get the widget without a token, players with the launch token from
 * the gameUrl's fragment; routes follow the address both ways (spec section
 * 2's history rule); login/logout and token expiry start it again.
 */

interface FakeInstance {
  options: BTRendererOptions;
  killed: boolean;
  updates: Partial<BTRendererOptions>[];
}

let instances: FakeInstance[];

const FakeRenderer = class {
  initialize(options: BTRendererOptions) {
    const instance: FakeInstance = { options, killed: false, updates: [] };
    instances.push(instance);
    return {
      kill: () => {
        instance.killed = true;
      },
      updateOptions: (o: Partial<BTRendererOptions>) => {
        instance.updates.push(o);
      },
    };
  }
} as unknown as BTRendererConstructor;

const config = { scriptUrl: '/sandbox-sportsbook/renderer.js', brandId: 'ipe-bet', themeName: 'default' };
const host = () => ({ openLogin: vi.fn(), openRegister: vi.fn(), openDeposit: vi.fn(), routeShown: vi.fn() });
let tokens: number;
let launchAnswer: ReturnType<Route> | null;

function platform() {
  return fakeApi({
    'POST /games/launch/sport': () => launchAnswer ?? { json: { gameUrl: `/widgetbetby#token=tok-${++tokens}` } },
  });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const signIn = () => {
  localStorage.setItem('auth', 'session-token');
  localStorage.setItem('user', JSON.stringify(USER));
};

async function start(opts: { locale?: 'pt' | 'en' } = {}) {
  const store = await import('../../../src/stores/sports.ts');
  const h = host();
  await store.startSportsWidget({ target: document.getElementById('sportsbook')!, config, locale: opts.locale ?? 'pt', host: h, loadRenderer: async () => FakeRenderer });
  return { store, host: h };
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  instances = [];
  tokens = 0;
  launchAnswer = null;
  document.body.innerHTML = '<div id="sportsbook"></div>';
  history.replaceState(null, '', '/sports');
});

afterEach(async () => {
  (await import('../../../src/stores/sports.ts')).stopSportsWidget();
  vi.unstubAllGlobals();
});

describe('sports widget store', () => {
  it('gives a guest the widget without a token, with the tenant’s brand, theme and the page’s language', async () => {
    const { calls } = platform();
    const { store } = await start();
    expect(calls.filter((c) => c.path === '/games/launch/sport')).toHaveLength(0);
    expect(instances).toHaveLength(1);
    expect(instances[0]!.options).toMatchObject({ brand_id: 'ipe-bet', token: null, themeName: 'default', lang: 'pt-br', url: '/' });
    expect(store.$sportsWidget.get()).toEqual({ status: 'ready', player: false });
  });

  it('gives a player the token from the launch gameUrl’s fragment, asked in the page’s language', async () => {
    signIn();
    const { calls } = platform();
    await start({ locale: 'en' });
    const launch = calls.find((c) => c.path === '/games/launch/sport')!;
    expect(launch.body).toEqual({ lang: 'en' });
    expect(launch.headers.get('authorization')).toBe('Bearer session-token');
    expect(instances[0]!.options).toMatchObject({ token: 'tok-1', lang: 'en' });
  });

  it('wires the widget’s login, register and deposit callbacks to the page', async () => {
    platform();
    const { host: h } = await start();
    instances[0]!.options.onLogin!();
    instances[0]!.options.onRegister!();
    instances[0]!.options.onRecharge!();
    expect(h.openLogin).toHaveBeenCalledTimes(1);
    expect(h.openRegister).toHaveBeenCalledTimes(1);
    expect(h.openDeposit).toHaveBeenCalledTimes(1);
  });

  it('moves the address with the widget (a history entry per move) and keeps /sports for the widget’s home', async () => {
    platform();
    const { host: h } = await start();
    const before = history.length;
    instances[0]!.options.onRouteChange!('/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1');
    expect(location.pathname).toBe('/sportsbook/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1');
    expect(history.length).toBe(before + 1);
    expect(h.routeShown).toHaveBeenLastCalledWith('/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1');
    // The widget's own move is not sent back to it.
    expect(instances[0]!.updates).toEqual([]);
    instances[0]!.options.onRouteChange!('/');
    expect(location.pathname).toBe('/sportsbook');
  });

  it('uses the English prefix on English pages', async () => {
    history.replaceState(null, '', '/en/sports');
    platform();
    await start({ locale: 'en' });
    instances[0]!.options.onRouteChange!('/basketball');
    expect(location.pathname).toBe('/en/sportsbook/basketball');
  });

  it('opens a deep link on its event and follows Back and pushes of /sportsbook paths (spec section 2)', async () => {
    history.replaceState(null, '', '/sportsbook/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1');
    platform();
    await start();
    expect(instances[0]!.options.url).toBe('/soccer/brazil/brasileirao-serie-a/flamengo-x-palmeiras-e1');
    history.pushState(null, '', '/sportsbook/basketball');
    expect(instances[0]!.updates).toEqual([{ url: '/basketball' }]);
    history.replaceState(null, '', '/sportsbook/basketball');
    expect(instances[0]!.updates).toHaveLength(1);
    history.pushState(null, '', '/casino/games');
    expect(instances[0]!.updates).toHaveLength(1);
    history.replaceState(null, '', '/sportsbook/soccer');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(instances[0]!.updates.at(-1)).toEqual({ url: '/soccer' });
  });

  it('renews the token when the widget says it expired', async () => {
    signIn();
    platform();
    await start();
    await expect(instances[0]!.options.onTokenExpired!()).resolves.toBe('tok-2');
  });

  it('starts again on login and on logout (the header’s html[data-session] mirror of the session store), killing the previous widget', async () => {
    platform();
    document.documentElement.dataset.session = 'guest';
    await start();
    signIn();
    document.documentElement.dataset.session = 'user';
    await settle();
    expect(instances).toHaveLength(2);
    expect(instances[0]!.killed).toBe(true);
    expect(instances[1]!.options.token).toBe('tok-1');
    localStorage.clear();
    document.documentElement.dataset.session = 'guest';
    await settle();
    expect(instances).toHaveLength(3);
    expect(instances[1]!.killed).toBe(true);
    expect(instances[2]!.options.token).toBeNull();
  });

  it('shows the platform’s refusal to a barred player and no widget', async () => {
    signIn();
    launchAnswer = { status: 403, json: { message: 'Sua conta está autoexcluída.' } };
    platform();
    const { store } = await start();
    expect(instances).toHaveLength(0);
    expect(store.$sportsWidget.get()).toEqual({ status: 'refused', message: 'Sua conta está autoexcluída.' });
  });

  it('says sports are unavailable when the platform has none for the tenant (404)', async () => {
    signIn();
    launchAnswer = { status: 404, json: { message: 'Esportes indisponíveis.' } };
    platform();
    const { store } = await start();
    expect(store.$sportsWidget.get()).toEqual({ status: 'unavailable' });
  });

  it('reports a script that does not load as failed, and a retry starts it', async () => {
    platform();
    const store = await import('../../../src/stores/sports.ts');
    let fail = true;
    await store.startSportsWidget({
      target: document.getElementById('sportsbook')!,
      config,
      locale: 'pt',
      host: host(),
      loadRenderer: async () => {
        if (fail) throw new Error('blocked');
        return FakeRenderer;
      },
    });
    expect(store.$sportsWidget.get()).toEqual({ status: 'failed' });
    fail = false;
    await store.retrySportsWidget();
    expect(store.$sportsWidget.get()).toEqual({ status: 'ready', player: false });
  });

  it('stop kills the widget and gives history back', async () => {
    platform();
    const { store } = await start();
    const wrapped = history.pushState;
    store.stopSportsWidget();
    expect(instances[0]!.killed).toBe(true);
    expect(history.pushState).not.toBe(wrapped);
    expect(store.$sportsWidget.get()).toEqual({ status: 'idle' });
  });
});
