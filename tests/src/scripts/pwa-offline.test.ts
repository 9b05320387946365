// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pollForUpdates, UPDATE_POLL_MS } from '../../../src/scripts/service-worker.ts';
import { reachable, retryTarget } from '../../../src/scripts/offline-page.ts';
import { OFFLINE_PAGE_FILES, offlinePageFor } from '../../../src/sw/offline-page.ts';

/** The offline page's worker side and retry, and the build update polling (issue 20). */

describe('offline page', () => {
  it('the worker serves the offline page of the path\'s language, from the files it precaches', () => {
    expect(OFFLINE_PAGE_FILES).toEqual(['Offiline/index.html', 'en/Offiline/index.html']);
    const pt = ['/Offiline', '/Offiline/index.html'];
    const en = ['/en/Offiline', '/en/Offiline/index.html'];
    expect(offlinePageFor('/casino/games')).toEqual(pt);
    expect(offlinePageFor('/')).toEqual(pt);
    expect(offlinePageFor('/en')).toEqual(en);
    expect(offlinePageFor('/en/promotions')).toEqual(en);
    expect(offlinePageFor('/entrar')).toEqual(pt);
  });

  it('a retry reloads the page asked for, or the home page from /Offiline itself', () => {
    expect(retryTarget({ pathname: '/casino/games', href: 'https://x.example/casino/games?x=1' }, '/')).toBe('https://x.example/casino/games?x=1');
    expect(retryTarget({ pathname: '/Offiline', href: 'https://x.example/Offiline' }, '/')).toBe('/');
    expect(retryTarget({ pathname: '/en/Offiline/', href: 'https://x.example/en/Offiline/' }, '/en')).toBe('/en');
  });

  it('any HTTP answer means the site is reachable; a network failure does not', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    expect(await reachable('/a', async (url, init) => (calls.push([String(url), init]), new Response(null, { status: 503 })))).toBe(true);
    expect(calls[0]).toEqual(['/a', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' }]);
    expect(await reachable('/a', () => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
  });
});

describe('build update polling', () => {
  it('asks for a new build every 30 minutes while the page is visible and online', async () => {
    expect(UPDATE_POLL_MS).toBe(30 * 60 * 1000);
    let tick: () => void = () => undefined;
    let interval = 0;
    let updates = 0;
    const state = { visible: true, online: true };
    pollForUpdates(
      { update: async () => void updates++ as never },
      { every: (run, ms) => ((tick = run), (interval = ms)), visible: () => state.visible, online: () => state.online },
    );
    expect(interval).toBe(UPDATE_POLL_MS);
    tick();
    expect(updates).toBe(1);
    state.visible = false;
    tick();
    state.visible = true;
    state.online = false;
    tick();
    expect(updates).toBe(1);
    state.online = true;
    // A failed check is dropped; the next tick tries again.
    pollForUpdates({ update: () => Promise.reject(new Error('offline')) }, { every: (run) => (tick = run), visible: () => true, online: () => true });
    expect(() => tick()).not.toThrow();
  });
});
